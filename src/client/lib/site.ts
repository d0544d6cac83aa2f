/** The institute's public facts (name, contacts, offices, streams) and the page title built from them. */
import { useEffect } from "react";
import { setFormatTimeZone } from "./format.ts";
import { trpc } from "./trpc.ts";

/** index.html's title names the institute until the settings have loaded (read once, before any page sets it). */
const FALLBACK_NAME = (typeof document !== "undefined" && document.title) || "Institute of Distance Education";

/**
 * The institute's settings (site.info). Whoever reads them sets the clock stored instants are written on
 * (lib/format.ts, decision 025), while it renders, so what it draws after already uses it: every page,
 * public or portal, reads them (its title, the brand, the footer).
 */
export function useInstituteInfo() {
  const info = trpc.site.info.useQuery(undefined, { staleTime: 5 * 60_000 });
  setFormatTimeZone(info.data?.timeZone);
  return info;
}

export function useInstituteName(): string {
  return useInstituteInfo().data?.name ?? FALLBACK_NAME;
}

/** Sets the tab title to "Page – Institute name". */
export function usePageTitle(page: string): void {
  const name = useInstituteName();
  useEffect(() => {
    document.title = page ? `${page} – ${name}` : name;
  }, [page, name]);
}
