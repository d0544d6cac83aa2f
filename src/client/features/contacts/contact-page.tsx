/**
 * /contact (spec part 1 §2): the contact form, contact-information cards and quick information from
 * settings, and a "map card" per office. The maps are drawn in inline SVG and link out to Google Maps:
 * no map script, iframe or third-party request on our page (the CSP stays strict, phones stay fast).
 */

import type { ReactNode } from "react";
import { Link } from "wouter";
import { contact } from "../../../shared/i18n/contact.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { mailHref, mapsHref, telHref } from "../../lib/links.ts";
import { useInstituteInfo, usePageTitle } from "../../lib/site.ts";
import { buttonClass } from "../../ui/button.tsx";
import { Fact } from "../../ui/fact.tsx";
import { CalendarIcon, InfoIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../ui/icons.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { PageHero } from "../site/page-hero.tsx";
import { Section } from "../site/section.tsx";
import { useMetaDescription } from "../site/use-meta-description.ts";
import { ContactForm } from "./contact-form.tsx";

export default function ContactPage() {
  const t = useT(contact);
  usePageTitle(t("title"));
  useMetaDescription(t("description"));
  const info = useInstituteInfo();

  return (
    <>
      <PageHero eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")}>
        {info.data && (info.data.phones.length > 0 || info.data.email) ? (
          <ul className="page-hero__actions" aria-label={t("reach")}>
            {info.data.phones.slice(0, 1).map((phone) => (
              <li key={phone}>
                <a href={telHref(phone)} className="contact-chip">
                  <PhoneIcon size={18} />
                  <span>{t("call", { phone })}</span>
                </a>
              </li>
            ))}
            {info.data.email ? (
              <li>
                <a href={mailHref(info.data.email)} className="contact-chip">
                  <MailIcon size={18} />
                  <span>{info.data.email}</span>
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </PageHero>

      <section className="section contact" aria-label={t("section")}>
        <div className="container split contact__layout">
          <section className="ui-card contact__form-card" aria-labelledby="contact-form-title">
            <div className="ui-card__body">
              <h2 id="contact-form-title" className="contact__form-title">
                {t("form.title")}
              </h2>
              <p className="text-muted contact__form-lead">{t("form.lead")}</p>
              <ContactForm />
            </div>
          </section>

          <div className="stack" aria-busy={info.isPending || undefined}>
            {info.isPending ? (
              <>
                <InfoCard icon={<PhoneIcon />} title={t("card.call")}>
                  <Skeleton lines={2} />
                </InfoCard>
                <InfoCard icon={<MailIcon />} title={t("card.write")}>
                  <Skeleton />
                </InfoCard>
                <InfoCard icon={<CalendarIcon />} title={t("card.hours")}>
                  <Skeleton />
                </InfoCard>
              </>
            ) : info.isError || !info.data ? (
              <ListLoadError title={t("card.failed")} message={normaliseError(info.error).message} query={info} busy={info.isFetching} />
            ) : (
              <>
                {info.data.phones.length > 0 ? (
                  <InfoCard icon={<PhoneIcon />} title={t("card.call")}>
                    <ul className="contact-lines stack stack--xs list-plain">
                      {info.data.phones.map((phone) => (
                        <li key={phone}>
                          <a href={telHref(phone)} className="contact-lines__link">
                            {phone}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </InfoCard>
                ) : null}
                <InfoCard icon={<MailIcon />} title={t("card.write")}>
                  <a href={mailHref(info.data.email)} className="contact-lines__link contact-lines__link--email">
                    {info.data.email}
                  </a>
                </InfoCard>
                {info.data.hours ? (
                  <InfoCard icon={<CalendarIcon />} title={t("card.hours")}>
                    <p>{info.data.hours}</p>
                  </InfoCard>
                ) : null}
                <InfoCard icon={<InfoIcon />} title={t("card.quick")}>
                  <dl className="quick-facts">
                    <Fact label={t("quick.reply")}>{t("quick.replyValue")}</Fact>
                    <Fact label={t("quick.review")}>{t("quick.reviewValue")}</Fact>
                    <Fact label={t("quick.applied")}>
                      <Link href="/admission-status">{t("quick.status")}</Link>
                    </Fact>
                    {info.data.registration ? <Fact label={t("quick.registration")}>{info.data.registration}</Fact> : null}
                  </dl>
                </InfoCard>
              </>
            )}
          </div>
        </div>
      </section>

      <Section id="visit" title={t("visit.title")} lead={t("visit.lead")} tone="muted">
        {info.isPending ? (
          <div className="office-grid" aria-hidden="true">
            {[0, 1].map((i) => (
              <div key={i} className="map-card">
                <Skeleton className="map-card__map" />
                <div className="map-card__body">
                  <Skeleton width="50%" height="1.5rem" />
                  <Skeleton lines={2} />
                </div>
              </div>
            ))}
          </div>
        ) : info.data && info.data.offices.length > 0 ? (
          <ul className="office-grid">
            {info.data.offices.map((office, index) => (
              <li key={office.name}>
                <OfficeMapCard name={office.name} address={office.address} mapUrl={office.mapUrl} variant={index} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{t("visit.failed")}</p>
        )}
      </Section>
    </>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="info-card" aria-label={title}>
      <span className="icon-tile" aria-hidden="true">
        {icon}
      </span>
      <div className="info-card__text">
        <h2 className="info-card__title">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** An office's address on a drawn street map, with a link to the real map in a new tab. */
/** The office's own map link when the office set one (Site content, issue 17), else a search for its address. */
function OfficeMapCard({ name, address, mapUrl, variant }: { name: string; address: string; mapUrl?: string; variant: number }) {
  const t = useT(contact);
  return (
    <article className="map-card" aria-label={name}>
      <div className="map-card__map">
        <MapArt flip={variant % 2 === 1} />
      </div>
      <div className="map-card__body">
        <h3 className="map-card__title">
          <MapPinIcon size={20} />
          {name}
        </h3>
        <address className="map-card__address">{address}</address>
        <a href={mapUrl ?? mapsHref(address)} target="_blank" rel="noopener" className={buttonClass("secondary", "sm")}>
          {t("visit.openMaps")}
          <span className="sr-only">{t("visit.openMapsHidden", { name })}</span>
        </a>
      </div>
    </article>
  );
}

/** A simple street-map drawing with a pin; decorative (the address is in the text beside it). */
function MapArt({ flip }: { flip: boolean }) {
  return (
    <svg
      className={flip ? "map-art map-art--flip" : "map-art"}
      viewBox="0 0 320 160"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="320" height="160" className="map-art__ground" />
      <path
        d="M-10 118 C 60 100, 120 136, 200 112 S 300 92, 330 104 L 330 130 C 290 120, 240 136, 200 138 S 70 128, -10 142 Z"
        className="map-art__water"
      />
      <rect x="22" y="18" width="64" height="40" rx="4" className="map-art__block" />
      <rect x="104" y="18" width="52" height="40" rx="4" className="map-art__park" />
      <rect x="232" y="18" width="70" height="40" rx="4" className="map-art__block" />
      <rect x="22" y="72" width="40" height="26" rx="4" className="map-art__block" />
      <rect x="248" y="70" width="54" height="22" rx="4" className="map-art__block" />
      <path d="M0 64 H320 M96 0 V110 M224 0 V100 M164 64 L 200 0" className="map-art__road" />
      <path d="M0 64 H320 M96 0 V110 M224 0 V100 M164 64 L 200 0" className="map-art__road-line" />
      <g transform="translate(160 62)">
        <ellipse cx="0" cy="22" rx="12" ry="4" className="map-art__shadow" />
        <path d="M0 20 C -4 12, -16 2, -16 -10 A 16 16 0 0 1 16 -10 C 16 2, 4 12, 0 20 Z" className="map-art__pin" />
        <circle cx="0" cy="-10" r="6" className="map-art__pin-dot" />
      </g>
    </svg>
  );
}
