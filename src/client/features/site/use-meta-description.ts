/**
 * Each public page describes itself in `<meta name="description">` (search results, link previews that
 * run scripts). The text from index.html comes back when the page goes, so pages without their own
 * description (admission, login …) never keep a stale one.
 */
import { useEffect } from "react";

const SELECTOR = 'meta[name="description"]';
const DEFAULT_DESCRIPTION = (typeof document !== "undefined" && document.querySelector(SELECTOR)?.getAttribute("content")) || "";

export function useMetaDescription(text: string): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>(SELECTOR);
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.append(meta);
    }
    meta.content = text;
    const element = meta;
    return () => {
      element.content = DEFAULT_DESCRIPTION;
    };
  }, [text]);
}
