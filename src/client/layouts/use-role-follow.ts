/**
 * The office portal follows the signed-in person's role as the server has it now, in a tab left open: an
 * administrator made staff (or a staff member made administrator) by a colleague. The session's user is read
 * again when the server refuses a call for the role (walk 15c: the demoted administrator's tab kept the
 * administrators' menu and screens, each of them then failing) and when the tab comes back into view; a changed
 * role or name goes into the session, whose menu and page guards follow at once.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "../lib/session.tsx";
import { trpc } from "../lib/trpc.ts";

const refusedForRole = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === "FORBIDDEN";

export function useRoleFollow(): void {
  const { user, updateUser } = useSession();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const role = user?.role;
  const name = user?.name;

  useEffect(() => {
    if (!role) return;
    // One look at a time: a page whose calls are refused together asks once.
    let looking = false;
    const recheck = () => {
      if (looking) return;
      looking = true;
      utils.client.auth.me
        .query()
        .then(
          ({ user: now }) => {
            if (now.role !== role || now.name !== name) updateUser({ role: now.role, name: now.name });
          },
          // No answer, or the session ended: the calls' own failures say so (an expiry keeps the page, decision 024).
          () => {},
        )
        .finally(() => {
          looking = false;
        });
    };
    const onQuery = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && refusedForRole(event.action.error)) recheck();
    });
    const onMutation = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && refusedForRole(event.action.error)) recheck();
    });
    const onVisible = () => {
      if (document.visibilityState === "visible") recheck();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      onQuery();
      onMutation();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [role, name, queryClient, utils, updateUser]);
}
