/**
 * The home page (spec part 1 §2): hero with Apply for Admission and Learn More, why choose us,
 * achievements, the programs from settings, the latest announcements and a call to action. It is part
 * of the first download (not a lazy chunk), so it stays light: text, CSS and inline SVG icons only.
 */

import type { ReactNode } from "react";
import { Link } from "wouter";
import { MARKETING_FIGURES } from "../../../shared/constants.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { useInstituteInfo, useInstituteName, usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { BellIcon, CalendarIcon, GraduationCapIcon, MapPinIcon, UsersIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { CallToAction, FeatureGrid, Section } from "./section.tsx";
import { publicRetry } from "./site-status.ts";
import { useMetaDescription } from "./use-meta-description.ts";

export const HOME_DESCRIPTION =
  "Distance and correspondence education: undergraduate, postgraduate and diploma programs from partner universities across India. Apply online and study while you work.";

/** How many announcements the home page shows. */
export const NEWS_ON_HOME = 3;

/** "12 March 2026", or nothing for a date the browser cannot read. */
export const formatNewsDate = (value: string | number | Date) => formatDate(new Date(value), { style: "long" });

const REASONS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <CalendarIcon />,
    title: "Study on your schedule",
    text: "Keep your job and your family routine. You study from home, at the hours that suit you.",
  },
  {
    icon: <GraduationCapIcon />,
    title: "Degrees from partner universities",
    text: "Undergraduate, postgraduate and diploma programs from partner universities across India.",
  },
  {
    icon: <UsersIcon />,
    title: "Guidance at every step",
    text: "Our counsellors help you choose a program, apply, and stay on track until you graduate.",
  },
  {
    icon: <MapPinIcon />,
    title: "People you can meet",
    text: "Visit one of our offices, call us, or write to us. A real person answers.",
  },
];

const STEPS = [
  { title: "Apply online", text: "Fill in the form and upload your documents." },
  { title: "We review your application", text: "Within 2–3 business days. You can check its status at any time." },
  { title: "Start learning", text: "Once approved, you receive your student ID and your portal login by e-mail." },
] as const;

export default function HomePage() {
  usePageTitle("Home");
  useMetaDescription(HOME_DESCRIPTION);
  const { data: info, isPending } = useInstituteInfo();
  const name = useInstituteName();

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{name}</p>
            <h1 id="hero-title" className="hero__title">
              {info?.tagline ?? "Learn from anywhere. Graduate with confidence."}
            </h1>
            {/* Until the settings arrive: the default site description (DEFAULT_SETTINGS.general), so the
                usual text does not rewrap and push the buttons down when it comes. */}
            <p className="hero__lead">
              {info?.description ??
                "Distance and correspondence education: undergraduate, postgraduate and diploma programs from partner universities across India."}
            </p>
            <div className="hero__actions">
              <Link href="/admission" className={buttonClass("accent", "lg")}>
                Apply for Admission
              </Link>
              {/* "Learn More" alone says nothing out of context (screen-reader link lists, search engines). */}
              <Link href="/about" className={`${buttonClass("secondary", "lg")} hero__secondary`}>
                Learn More<span className="sr-only"> about the institute</span>
              </Link>
            </div>
            <p className="hero__note">
              Already applied? <Link href="/admission-status">Check your application status</Link>
            </p>
          </div>
          <div className="hero__panel">
            <h2 className="hero__panel-title">How admission works</h2>
            <ol className="steps">
              {STEPS.map((step) => (
                <li key={step.title} className="step">
                  <span className="step__title">{step.title}</span>
                  <span className="step__text">{step.text}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <Section id="why" title="Why choose us" lead="Education that fits around your life, with people who know the way." center>
        <FeatureGrid items={REASONS} />
      </Section>

      <Section id="achievements" title="Our achievements" tone="primary" center className="achievements">
        <dl className="figures">
          {MARKETING_FIGURES.map((figure) => (
            <div key={figure.label} className="figure">
              <dt className="figure__label">{figure.label}</dt>
              <dd className="figure__value">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {isPending || (info && info.streams.length > 0) ? (
        <Section
          id="programs"
          title="Programs we guide you through"
          lead="Choose the stream that fits your goals. Our counsellors help you decide."
          tone="muted"
          center
        >
          {isPending ? (
            <Skeleton lines={2} />
          ) : (
            <ul className="stream-list">
              {info?.streams.map((stream) => (
                <li key={stream} className="stream">
                  {stream}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      <LatestNews />

      <CallToAction
        id="cta"
        title="Ready to take the next step?"
        lead="Apply online in one sitting, or talk to a counsellor first. We are happy to help you choose the right program."
        tone="muted"
        primary="Start your application"
        secondary={{ href: "/contact", label: "Talk to a counsellor" }}
      />
    </>
  );
}

/** The latest announcements from the office (site.news): three cards, or an honest empty state. */
function LatestNews() {
  const news = trpc.site.news.useQuery(undefined, { retry: publicRetry, staleTime: 5 * 60_000 });
  const items = news.data?.news.slice(0, NEWS_ON_HOME) ?? [];

  let body: ReactNode;
  if (news.isPending) {
    body = (
      <ul className="news-list" aria-hidden="true">
        {Array.from({ length: NEWS_ON_HOME }, (_, i) => (
          <li key={i} className="news-card">
            <Skeleton width="8rem" />
            <Skeleton height="1.5rem" />
            <Skeleton lines={3} />
          </li>
        ))}
      </ul>
    );
  } else if (news.isError) {
    body = (
      <Alert tone="error" title="The latest news could not be loaded">
        <p>{normaliseError(news.error).message}</p>
        <Button variant="secondary" size="sm" onClick={() => void news.refetch()} loading={news.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<BellIcon size={28} />}
        title="No announcements right now"
        description="New admission dates, counselling days and examination notices appear here. For anything urgent, please call or write to us."
        action={
          <Link href="/contact" className={buttonClass("secondary")}>
            Contact us
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="news-list">
        {items.map((item) => (
          <li key={item.id}>
            <article className="news-card" aria-labelledby={`news-${item.id}`}>
              <time className="news-card__date" dateTime={item.publishedAt}>
                {formatNewsDate(item.publishedAt)}
              </time>
              <h3 id={`news-${item.id}`} className="news-card__title">
                {item.title}
              </h3>
              <p className="news-card__body">{item.body}</p>
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Section id="news" title="Latest news" lead="Announcements from our offices." center busy={news.isPending}>
      {body}
    </Section>
  );
}
