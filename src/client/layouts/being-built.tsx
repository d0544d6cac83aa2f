/**
 * Honest stand-ins for screens that later issues build: the page's name and a plain sentence, never
 * invented data. `comingSoon` is the spec's wording for the student portal's placeholder features.
 */
import type { ReactNode } from "react";
import { portal } from "../../shared/i18n/portal.ts";
import { useT } from "../lib/i18n.tsx";
import { usePageTitle } from "../lib/site.ts";

export function BeingBuilt({
  title,
  comingSoon = false,
  text,
  children,
}: {
  title: string;
  comingSoon?: boolean;
  text?: string;
  children?: ReactNode;
}) {
  const t = useT(portal);
  usePageTitle(title);
  return (
    <section className="being-built" aria-labelledby="being-built-title">
      <h1 id="being-built-title" className="page-title">
        {title}
      </h1>
      <p className="being-built__text">{text ?? t(comingSoon ? "comingSoon" : "beingBuilt")}</p>
      {children}
    </section>
  );
}
