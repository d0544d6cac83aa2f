/**
 * The footer with the institute's details from settings: offices, phones, e-mail, quick links, programs
 * and registration. Its parts (the contact list, a column, the programmes, the bottom line) also make the admin
 * area's one-band footer (layouts/admin-layout.tsx, spec part 2 §2).
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { common } from "../../shared/i18n/common.ts";
import { useT } from "../lib/i18n.tsx";
import { mailHref, telHref } from "../lib/links.ts";
import { useInstituteInfo, useInstituteName } from "../lib/site.ts";
import { MailIcon, MapPinIcon, PhoneIcon } from "../ui/icons.tsx";
import { Skeleton } from "../ui/spinner.tsx";

const QUICK_LINKS = [
  { href: "/about", label: "footer.aboutUs" },
  { href: "/gallery", label: "nav.gallery" },
  { href: "/contact", label: "nav.contact" },
  { href: "/faq", label: "nav.faq" },
  { href: "/admission", label: "nav.admission" },
  { href: "/admission-status", label: "footer.applicationStatus" },
  { href: "/login", label: "footer.login" },
] as const;

type InstituteInfo = NonNullable<ReturnType<typeof useInstituteInfo>["data"]>;

/** Offices, phones (tap to call), e-mail and hours: the public footer's and the admin footer's contact block. */
export function InstituteContactList({ info }: { info: InstituteInfo }) {
  return (
    <ul className="footer-list">
      {info.offices.map((office) => (
        <li key={office.name} className="footer-item">
          <MapPinIcon size={18} />
          <span>
            <strong>{office.name}</strong>
            <br />
            {office.address}
          </span>
        </li>
      ))}
      {info.phones.length > 0 ? (
        <li className="footer-item">
          <PhoneIcon size={18} />
          <span>
            {info.phones.map((phone, i) => (
              <span key={phone}>
                {i > 0 ? ", " : null}
                <a href={telHref(phone)}>{phone}</a>
              </span>
            ))}
          </span>
        </li>
      ) : null}
      <li className="footer-item">
        <MailIcon size={18} />
        <a href={mailHref(info.email)}>{info.email}</a>
      </li>
      {info.hours ? <li className="footer-hours">{info.hours}</li> : null}
    </ul>
  );
}

/**
 * A column of the footer under its heading; a column of links is a `nav` named by it. The others are no
 * landmarks of their own: as regions they repeated a page's name ("Programmes" twice in the landmarks list
 * on the office's Programmes page: thirteenth walk).
 */
export function FooterColumn({ id, title, nav = false, children }: { id: string; title: string; nav?: boolean; children: ReactNode }) {
  const heading = (
    <h2 id={id} className="site-footer__heading">
      {title}
    </h2>
  );
  return nav ? (
    <nav aria-labelledby={id}>
      {heading}
      {children}
    </nav>
  ) : (
    <div>
      {heading}
      {children}
    </div>
  );
}

/** The institute's programme streams, as tags. */
export function StreamTags({ streams }: { streams: readonly string[] }) {
  return (
    <ul className="footer-tags">
      {streams.map((stream) => (
        <li key={stream}>{stream}</li>
      ))}
    </ul>
  );
}

/** "© 2026 Institute · Registration" under the columns. */
export function FooterBottom({ className, name, registration }: { className: string; name: string; registration?: string | null }) {
  return (
    <div className={className}>
      <p>
        © {new Date().getFullYear()} {name}
        {registration ? <> · {registration}</> : null}
      </p>
    </div>
  );
}

export function SiteFooter() {
  const t = useT(common);
  const { data: info, isPending, isError } = useInstituteInfo();
  const name = useInstituteName();

  const contact = isPending ? (
    <Skeleton lines={4} />
  ) : isError || !info ? (
    <p className="text-muted">{t("footer.contactError")}</p>
  ) : (
    <InstituteContactList info={info} />
  );

  const programs = isPending ? <Skeleton lines={3} /> : info && info.streams.length > 0 ? <StreamTags streams={info.streams} /> : null;

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-label={t("footer.about")}>
          <p className="site-footer__name">{name}</p>
          {/* The office's words as written; the untouched tagline (null) in the reader's language. The built-in
              description is the home page's lead, not repeated here. */}
          <p>{info?.tagline ?? t("site.tagline")}</p>
          {info?.description ? <p className="text-muted">{info.description}</p> : null}
        </section>
        <FooterColumn id="footer-contact" title={t("footer.contactUs")}>
          {contact}
        </FooterColumn>
        <FooterColumn id="footer-links" title={t("footer.quickLinks")} nav>
          <ul className="footer-list">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={`~${link.href}`}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
        {programs ? (
          <FooterColumn id="footer-programs" title={t("footer.programs")}>
            {programs}
          </FooterColumn>
        ) : null}
      </div>
      <FooterBottom className="container site-footer__bottom" name={name} registration={info?.registration} />
    </footer>
  );
}
