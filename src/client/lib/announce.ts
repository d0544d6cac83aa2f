/**
 * What a screen reader should hear now, without moving the focus: one live region, inside the dialog open on top if
 * there is one (the page behind a modal dialog is inert, and a region there is not heard), else in the body.
 * Walk 30b: a field's message was silent when the field that had it already held the focus (Enter pressed in it,
 * a file refused as it was chosen): the focus sent to it again did not move, so nothing was said.
 */

const REGION = "live-announcer";

function regionIn(container: Element): HTMLElement {
  const found = [...container.children].find((child) => child.classList.contains(REGION));
  if (found instanceof HTMLElement) return found;
  const region = document.createElement("div");
  region.className = `${REGION} sr-only`;
  region.setAttribute("aria-live", "assertive");
  region.setAttribute("aria-atomic", "true");
  container.append(region);
  return region;
}

/** Says `text` (the same words again are said again: the region is emptied first). */
export function announce(text: string): void {
  const words = text.trim();
  if (!words) return;
  const dialogs = [...document.querySelectorAll("dialog[open]")];
  const region = regionIn(dialogs.at(-1) ?? document.body);
  region.textContent = "";
  setTimeout(() => {
    region.textContent = words;
  }, 50);
}

/** The words of the messages a field is described by (its `…-error` notes), for `announce`. */
export function fieldErrorText(field: Element): string {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id.endsWith("-error"));
  return ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join(" ");
}

/** A field marked wrong while it holds the focus says its message (the focus cannot move to it to say it). */
export function announceIfFocused(field: Element | null): void {
  if (!field || field !== document.activeElement || field.getAttribute("aria-invalid") !== "true") return;
  announce(fieldErrorText(field));
}
