/**
 * The home page (spec part 1 §2): hero with Apply for Admission and Learn More, why choose us,
 * achievements, the programs from settings, the latest announcements and a call to action. It is part
 * of the first download (not a lazy chunk), so it stays light: text, CSS and inline SVG icons only.
 */

import { Link } from "wouter";
import { common } from "../../../shared/i18n/common.ts";
import { home } from "../../../shared/i18n/home.ts";
import { useT } from "../../lib/i18n.tsx";
import { useInstituteInfo, useInstituteName, usePageTitle } from "../../lib/site.ts";
import { buttonClass } from "../../ui/button.tsx";
import { CalendarIcon, GraduationCapIcon, MapPinIcon, UsersIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { instituteFigures } from "./figures.ts";
import LatestNews from "./latest-news.tsx";
import { CallToAction, FeatureGrid, Section } from "./section.tsx";
import { useMetaDescription } from "./use-meta-description.ts";

const REASONS = [
  { icon: <CalendarIcon />, key: "schedule" },
  { icon: <GraduationCapIcon />, key: "degrees" },
  { icon: <UsersIcon />, key: "guidance" },
  { icon: <MapPinIcon />, key: "people" },
] as const;

const STEPS = ["apply", "review", "start"] as const;

export default function HomePage() {
  const t = useT(home);
  usePageTitle(t("title"));
  useMetaDescription(t("description"));
  const { data: info, isPending } = useInstituteInfo();
  const name = useInstituteName();

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{name}</p>
            <h1 id="hero-title" className="hero__title">
              {info?.tagline ?? common.t("site.tagline")}
            </h1>
            {/* Until the settings arrive: the default site description (DEFAULT_SETTINGS.general), so the
                usual text does not rewrap and push the buttons down when it comes. */}
            <p className="hero__lead">{info?.description ?? t("hero.lead")}</p>
            <div className="hero__actions">
              <Link href="/admission" className={buttonClass("accent", "lg")}>
                {t("hero.apply")}
              </Link>
              {/* "Learn More" alone says nothing out of context (screen-reader link lists, search engines); the
                  whole phrase is one message, in each language's own order. */}
              <Link href="/about" className={`${buttonClass("secondary", "lg")} hero__secondary`}>
                <span aria-hidden="true">{t("hero.learnMore")}</span>
                <span className="sr-only">{t("hero.learnMoreAbout")}</span>
              </Link>
            </div>
            <p className="hero__note">
              {t("hero.alreadyApplied")} <Link href="/admission-status">{t("hero.checkStatus")}</Link>
            </p>
          </div>
          <div className="hero__panel">
            <h2 className="hero__panel-title">{t("steps.title")}</h2>
            <ol className="steps">
              {STEPS.map((step) => (
                <li key={step} className="step">
                  <span className="step__title">{t(`steps.${step}.title`)}</span>
                  <span className="step__text">{t(`steps.${step}.text`)}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <Section id="why" title={t("why.title")} lead={t("why.lead")} center>
        <FeatureGrid items={REASONS.map(({ icon, key }) => ({ icon, title: t(`why.${key}.title`), text: t(`why.${key}.text`) }))} />
      </Section>

      <Section id="achievements" title={t("achievements.title")} tone="primary" center className="achievements">
        <dl className="figures">
          {instituteFigures(info).map((figure) => (
            <div key={figure.key} className="figure">
              <dt className="figure__label">{t(`figure.${figure.key}`, { count: figure.count })}</dt>
              <dd className="figure__value">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {isPending || (info && info.programmes.length > 0) ? (
        <Section id="programs" title={t("programs.title")} lead={t("programs.lead")} tone="muted" center>
          {isPending ? (
            <Skeleton lines={2} />
          ) : (
            <>
              <ul className="stream-list">
                {info?.programmes.map((p) => (
                  <li key={p.slug}>
                    <Link href={`/programmes/${p.slug}`} className="stream">
                      {p.name}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="programs__all">
                <Link href="/programmes">{t("programs.all")}</Link>
              </p>
            </>
          )}
        </Section>
      ) : null}

      <LatestNews />

      <CallToAction
        id="cta"
        title={t("cta.title")}
        lead={t("cta.lead")}
        tone="muted"
        primary={t("cta.primary")}
        secondary={{ href: "/contact", label: t("cta.secondary") }}
      />
    </>
  );
}
