/**
 * The frame of the office's pages about one application (edit, print; issue 17): the application from the
 * address (`/admissions/:id/…`), a way back to the list, the failure (an unknown or malformed address
 * included) and the loading state; the page itself gets the loaded application.
 */
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { backUnasked } from "../../lib/leave-warning.ts";
import { listBehind } from "../../lib/linked-record.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";

export type OfficeApplication = RouterOutputs["admissions"]["adminGet"];

/**
 * Back to the list as the office left it (its filters, its page, the application's details) when it is one step
 * back in the tab's history (the details' Edit and Print links say so: `LIST_BEHIND`); else to the list (a page
 * opened by its address). Walk 27b: Save and Cancel led to
 * the unfiltered list, and Back then showed the form again.
 */
export function useBackToApplications(): () => void {
  const [, navigate] = useLocation();
  // Cancel Edit over typed changes is the person's choice, as a dialog's Cancel is: not asked about.
  return () => (listBehind() ? backUnasked() : navigate("/admissions"));
}

export function BackToApplications() {
  const t = useT(admin);
  const back = useBackToApplications();
  return (
    <Link
      href="/admissions"
      className="ops-link"
      onClick={(event) => {
        event.preventDefault();
        back();
      }}
    >
      {t("print.back")}
    </Link>
  );
}

export function WithOfficeApplication({ children }: { children: (application: OfficeApplication) => ReactNode }) {
  const t = useT(admin);
  const { id } = useParams<{ id: string }>();
  const valid = /^\d{1,12}$/.test(id);
  const query = trpc.admissions.adminGet.useQuery({ id: Number(id) }, { enabled: valid, retry: false, staleTime: 0 });
  if (!valid || query.isError) {
    return (
      <div className="stack">
        <BackToApplications />
        <Alert tone="error">{t("print.failed")}</Alert>
      </div>
    );
  }
  if (!query.data) return <LoadingBlock label={t("det.loading")} groups={[3, 6]} />;
  return children(query.data);
}
