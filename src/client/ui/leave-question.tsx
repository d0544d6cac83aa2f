/**
 * "Leave without saving?": asked when a link inside the app is followed, or another tab chosen, while a page or a
 * dialog holds typed, unsaved text (lib/leave-warning.ts). Loaded only then, and shown in a root of its own, so
 * that no page has to host it and the first download does not carry it.
 */
import { Suspense } from "react";
import { createRoot } from "react-dom/client";
import { admin } from "../../shared/i18n/admin.ts";
import { useT } from "../lib/i18n.tsx";
import { ConfirmDialog } from "./list-controls.tsx";

function LeaveQuestion({ onAnswer }: { onAnswer: (leave: boolean) => void }) {
  const t = useT(admin);
  return (
    <ConfirmDialog
      open
      title={t("leave.title")}
      confirmLabel={t("leave.go")}
      cancelLabel={t("leave.stay")}
      cancelFirst
      onConfirm={() => onAnswer(true)}
      onClose={() => onAnswer(false)}
    >
      <p>{t("leave.text")}</p>
    </ConfirmDialog>
  );
}

/** How to close the question open now, if one is (one at a time; `closeLeaveQuestion` closes it unanswered). */
let open: (() => void) | null = null;

/**
 * Where the focus goes back to on Stay: the button that opens the menu the link stood in, found by its
 * `aria-controls`, when that menu is closed now (a phone's menu closes as the question opens; its links may still
 * take focus while it slides away); else the link itself; else any opener that can take it.
 */
function focusBackTo(link: HTMLElement) {
  const openers: HTMLElement[] = [];
  for (let at: HTMLElement | null = link; at; at = at.parentElement) {
    const opener = at.id ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(at.id)}"]`) : null;
    if (opener) openers.push(opener);
  }
  const closed = openers.filter((opener) => opener.getAttribute("aria-expanded") === "false");
  for (const target of [...closed, link, ...openers]) {
    target.focus();
    if (document.activeElement === target) return;
  }
}

/** Asks once at a time; `leave` runs only when the person chooses to go on, from `link` when a link was followed. */
export function askBeforeLeaving(link: HTMLElement | null, leave: () => void): void {
  if (open) return;
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    globalThis.removeEventListener("popstate", close);
    root.unmount();
    host.remove();
    open = null;
  };
  open = close;
  // A move made meanwhile leaves nothing to answer: a second Back, which the browser does not let a page hold (walk
  // 28a: the question stayed over the page it had moved to, and "Stay" could not keep anything).
  globalThis.addEventListener("popstate", close);
  // The dialog gives the focus back to the link as it unmounts, even to a link in a menu sliding shut; on Stay it
  // is placed again (the move, on Discard and go on, comes after).
  const answer = (go: boolean) => {
    close();
    if (go) leave();
    else if (link?.isConnected) focusBackTo(link);
  };
  root.render(
    <Suspense fallback={null}>
      <LeaveQuestion onAnswer={answer} />
    </Suspense>,
  );
}

/** Closes the question without an answer (the test rules, after each test: it stands outside the page's root). */
export function closeLeaveQuestion(): void {
  open?.();
}
