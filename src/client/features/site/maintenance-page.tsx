/**
 * What every public page shows while maintenance mode is on (DECISIONS 3): the institute's name, the
 * server's maintenance message, and how to reach the office meanwhile. Sign-in keeps working (the
 * navigation's Login), and a signed-in administrator is pointed to the switch.
 */
import { Link } from "wouter";
import { maintenance } from "../../../shared/i18n/maintenance.ts";
import { MSG } from "../../../shared/messages.ts";
import { useT } from "../../lib/i18n.tsx";
import { mailHref, telHref } from "../../lib/links.ts";
import { richText } from "../../lib/rich-text.tsx";
import { useSession } from "../../lib/session.tsx";
import { useInstituteInfo, useInstituteName, usePageTitle } from "../../lib/site.ts";
import { Alert } from "../../ui/alert.tsx";
import { MailIcon, PhoneIcon } from "../../ui/icons.tsx";
import { useMetaDescription } from "./use-meta-description.ts";

export function MaintenancePage() {
  const t = useT(maintenance);
  usePageTitle(t("pageTitle"));
  useMetaDescription(MSG.maintenance);
  const { data: info } = useInstituteInfo();
  const name = useInstituteName();
  const { user } = useSession();

  return (
    <div className="container container--narrow maintenance">
      <section className="maintenance__card" aria-labelledby="maintenance-title">
        <MaintenanceArt />
        <p className="eyebrow">{name}</p>
        <h1 id="maintenance-title">{t("title")}</h1>
        <p className="lead maintenance__message">{MSG.maintenance}</p>
        {user?.role === "admin" ? (
          <Alert tone="info" title={t("admin.title")} className="maintenance__admin">
            {richText(t("admin.text"), { settings: <Link href="~/admin/settings">{t("admin.settings")}</Link> })}
          </Alert>
        ) : null}
        {info && (info.phones.length > 0 || info.email) ? (
          <div className="maintenance__contact">
            <h2 className="maintenance__contact-title">{t("help.title")}</h2>
            <p className="text-muted">{t("help.text")}</p>
            <ul className="maintenance__links">
              {info.phones.map((phone) => (
                <li key={phone}>
                  <a href={telHref(phone)} className="contact-chip">
                    <PhoneIcon size={18} />
                    <span>{phone}</span>
                  </a>
                </li>
              ))}
              {info.email ? (
                <li>
                  <a href={mailHref(info.email)} className="contact-chip">
                    <MailIcon size={18} />
                    <span>{info.email}</span>
                  </a>
                </li>
              ) : null}
            </ul>
            {info.hours ? <p className="text-sm text-muted">{info.hours}</p> : null}
          </div>
        ) : null}
        <p className="text-sm text-muted maintenance__login">
          {richText(t("login.text"), { link: <Link href="~/login">{t("login.link")}</Link> })}
        </p>
      </section>
    </div>
  );
}

/** A calm inline illustration (an open book and a clock): no image download while the site is closed. */
function MaintenanceArt() {
  return (
    <svg className="maintenance__art" viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" focusable="false">
      <rect x="8" y="14" width="104" height="72" rx="12" className="maintenance__art-bg" />
      <path d="M30 34h26a6 6 0 0 1 6 6v30a5 5 0 0 0-5-5H30Z" className="maintenance__art-page" />
      <path d="M90 34H64a6 6 0 0 0-6 6v30a5 5 0 0 1 5-5h27Z" className="maintenance__art-page" />
      <circle cx="88" cy="30" r="13" className="maintenance__art-accent" />
      <path d="M88 23v7l5 3" className="maintenance__art-hands" />
    </svg>
  );
}
