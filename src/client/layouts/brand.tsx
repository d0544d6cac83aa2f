/** The institute's mark and name, as the top bars and the sidebar show it. */
import { Link } from "wouter";
import { useInstituteName } from "../lib/site.ts";
import { GraduationCapIcon } from "../ui/icons.tsx";

export function BrandMark() {
  return (
    <span className="brand__mark" aria-hidden="true">
      <GraduationCapIcon size={22} />
    </span>
  );
}

/** Links home; `subtitle` names the area (e.g. "Admin Panel"). */
export function Brand({ subtitle }: { subtitle?: string }) {
  const name = useInstituteName();
  return (
    <Link href="~/" className="brand">
      <BrandMark />
      <span className="brand__text">
        <span className="brand__name">{name}</span>
        {subtitle ? <span className="brand__subtitle">{subtitle}</span> : null}
      </span>
    </Link>
  );
}
