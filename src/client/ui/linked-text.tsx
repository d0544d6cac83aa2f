/**
 * A text with its web addresses as links (shared/web-links.ts finds them, as the e-mails do): a notice's
 * "pay at https://…" can be tapped on a phone. They open in a new tab, without the portal as their opener.
 */
import { linkParts } from "../../shared/web-links.ts";

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        "href" in part ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
