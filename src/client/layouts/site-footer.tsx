/**
 * The footer with the institute's details from settings: offices, phones, e-mail, quick links, programs
 * and registration. `compact` is the admin area's one-band version (spec part 2 §2).
 */
import { Link } from "wouter";
import { common } from "../../shared/i18n/common.ts";
import { useT } from "../lib/i18n.tsx";
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

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

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
        <a href={`mailto:${info.email}`}>{info.email}</a>
      </li>
      {info.hours ? <li className="footer-hours">{info.hours}</li> : null}
    </ul>
  );
}

export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const t = useT(common);
  const { data: info, isPending, isError } = useInstituteInfo();
  const name = useInstituteName();
  const year = new Date().getFullYear();

  const contact = isPending ? (
    <Skeleton lines={4} />
  ) : isError || !info ? (
    <p className="text-muted">{t("footer.contactError")}</p>
  ) : (
    <InstituteContactList info={info} />
  );

  const programs = isPending ? (
    <Skeleton lines={3} />
  ) : info && info.streams.length > 0 ? (
    <ul className="footer-tags">
      {info.streams.map((stream) => (
        <li key={stream}>{stream}</li>
      ))}
    </ul>
  ) : null;

  return (
    <footer className={compact ? "site-footer site-footer--compact" : "site-footer"}>
      <div className={compact ? "site-footer__grid" : "container site-footer__grid"}>
        {compact ? null : (
          <section className="site-footer__about" aria-label={t("footer.about")}>
            <p className="site-footer__name">{name}</p>
            {info?.tagline ? <p>{info.tagline}</p> : null}
            {info?.description ? <p className="text-muted">{info.description}</p> : null}
          </section>
        )}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t("footer.contactUs")}
          </h2>
          {contact}
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {t("footer.quickLinks")}
          </h2>
          <ul className="footer-list">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={`~${link.href}`}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {programs ? (
          <section aria-labelledby="footer-programs">
            <h2 id="footer-programs" className="site-footer__heading">
              {t("footer.programs")}
            </h2>
            {programs}
          </section>
        ) : null}
      </div>
      <div className={compact ? "site-footer__bottom" : "container site-footer__bottom"}>
        <p>
          © {year} {name}
          {info?.registration ? <> · {info.registration}</> : null}
        </p>
      </div>
    </footer>
  );
}
