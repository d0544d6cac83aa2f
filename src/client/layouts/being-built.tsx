/**
 * Honest stand-ins for screens that later issues build: the page's name and a plain sentence, never
 * invented data. `comingSoon` is the spec's wording for the student portal's placeholder features.
 */
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/site.ts";

const PORTAL_TEXT = "This part of the portal is being built. Please check back soon.";
const COMING_SOON_TEXT = "This feature is coming soon. We will let you know as soon as it is ready.";

export function BeingBuilt({
  title,
  comingSoon = false,
  text = comingSoon ? COMING_SOON_TEXT : PORTAL_TEXT,
  children,
}: {
  title: string;
  comingSoon?: boolean;
  text?: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="being-built" aria-labelledby="being-built-title">
      <h1 id="being-built-title" className="page-title">
        {title}
      </h1>
      <p className="being-built__text">{text}</p>
      {children}
    </section>
  );
}
