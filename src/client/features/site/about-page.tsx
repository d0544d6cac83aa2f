/**
 * /about (spec part 1 §2): who we are, mission, vision, core values and why choose us, in the
 * institute's own voice. The institute's name, offices and streams come from settings.
 */

import { about } from "../../../shared/i18n/about.ts";
import { home } from "../../../shared/i18n/home.ts";
import { formatList } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { useInstituteInfo, useInstituteName, usePageTitle } from "../../lib/site.ts";
import { buttonClass } from "../../ui/button.tsx";
import { Fact } from "../../ui/fact.tsx";
import { CalendarIcon, CheckCircleIcon, FileIcon, GraduationCapIcon, UsersIcon } from "../../ui/icons.tsx";
import { BookIcon, CheckIcon, EyeIcon, HomeIcon } from "../../ui/more-icons.tsx";
import { instituteFigures } from "./figures.ts";
import { PageHero } from "./page-hero.tsx";
import { CallToAction, FeatureGrid, Section } from "./section.tsx";
import { useMetaDescription } from "./use-meta-description.ts";

const VALUES = [
  { icon: <CheckCircleIcon />, key: "honest" },
  { icon: <CalendarIcon />, key: "time" },
  { icon: <UsersIcon />, key: "care" },
  { icon: <GraduationCapIcon />, key: "quality" },
  { icon: <HomeIcon />, key: "open" },
  { icon: <FileIcon />, key: "trust" },
] as const;

/** The mission and the vision, side by side. */
const PURPOSE = [
  { key: "mission", icon: <BookIcon /> },
  { key: "vision", icon: <EyeIcon /> },
] as const;

const REASONS = ["programs", "home", "counselling", "online", "portal", "fees"] as const;

export default function AboutPage() {
  const t = useT(about);
  const tHome = useT(home);
  usePageTitle(t("title"));
  useMetaDescription(t("description"));
  const { data: info } = useInstituteInfo();
  const name = useInstituteName();
  const officeNames = info?.offices.map((office) => office.name) ?? [];

  const reasons = [
    ...REASONS.map((key) => t(`why.${key}`)),
    officeNames.length > 0 ? t("why.offices", { offices: formatList(officeNames, "or") }) : t("why.officesAny"),
    t("why.reply"),
  ];
  const values = VALUES.map(({ icon, key }) => ({ icon, title: t(`values.${key}.title`), text: t(`values.${key}.text`) }));

  return (
    <>
      <PageHero eyebrow={name} title={t("title")} lead={t("lead")} />

      <section className="section" aria-labelledby="who-title">
        <div className="container about-intro">
          <div className="about-intro__text prose">
            <h2 id="who-title">{t("who.title")}</h2>
            <p>{t("who.p1", { name })}</p>
            <p>{t("who.p2")}</p>
            <p>{t("who.p3")}</p>
          </div>
          <aside className="about-facts" aria-labelledby="facts-title">
            <h2 id="facts-title" className="about-facts__title">
              {t("facts.title")}
            </h2>
            <dl className="about-facts__list">
              {instituteFigures(info).map((figure) => (
                <Fact key={figure.key} label={tHome(`figure.${figure.key}`, { count: figure.count })} itemClassName="about-facts__item">
                  {figure.value}
                </Fact>
              ))}
            </dl>
          </aside>
        </div>
      </section>

      <section className="section section--muted" aria-label={t("purpose.label")}>
        <div className="container">
          <div className="grid grid--2">
            {PURPOSE.map(({ key, icon }) => (
              <article key={key} className="purpose-card" aria-labelledby={`${key}-title`}>
                <span className="feature__icon" aria-hidden="true">
                  {icon}
                </span>
                <h2 id={`${key}-title`} className="purpose-card__title">
                  {t(`${key}.title`)}
                </h2>
                <p>{t(`${key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <Section id="values" title={t("values.title")} lead={t("values.lead")} center>
        <FeatureGrid items={values} columns={3} />
      </Section>

      <Section id="why-about" title={t("why.title")} lead={t("why.lead")} tone="muted" containerClassName="about-why">
        <ul className="check-list list-plain">
          {reasons.map((reason) => (
            <li key={reason}>
              <span className="icon-tile icon-tile--round check-list__icon" aria-hidden="true">
                <CheckIcon size={18} />
              </span>
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </Section>

      {/* Download Brochure (DECISIONS 17) shows once the office has uploaded one (Site content, issue 17). */}
      {info?.brochureUrl ? (
        <div className="container about-brochure">
          <a href={info.brochureUrl} className={buttonClass("secondary", "lg")} target="_blank" rel="noopener">
            {t("brochure")}
          </a>
        </div>
      ) : null}
      <CallToAction
        id="about-cta"
        title={t("cta.title")}
        lead={t("cta.lead")}
        primary={t("cta.apply")}
        secondary={{ href: "/contact", label: t("cta.contact") }}
      />
    </>
  );
}
