/**
 * The new page's main region (#main, where the skip link leads) takes the focus that left with the old page
 * (routes.tsx: NewPageAtTop). When the page's frame is still on its way (signing in leads to a portal, whose
 * frame comes in its own chunk: the focus stayed on the document), the frame takes it as it arrives
 * (`mainFocusWanted`, read by layouts/portal-shell.tsx), unless the person has put it somewhere meanwhile.
 */
let wanted = false;

export function focusMain(): void {
  const main = document.getElementById("main");
  wanted = !main;
  main?.focus();
}

/** Whether a frame that has just arrived should take the focus for the page change that brought it. */
export function mainFocusWanted(): boolean {
  const now = wanted && (!document.activeElement || document.activeElement === document.body);
  wanted = false;
  return now;
}
