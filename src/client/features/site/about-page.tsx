/**
 * /about (spec part 1 §2): who we are, mission, vision, core values and why choose us, in the
 * institute's own voice. The institute's name, offices and streams come from settings.
 */

import type { ReactNode } from "react";
import { MARKETING_FIGURES } from "../../../shared/constants.ts";
import { home } from "../../../shared/i18n/home.ts";
import { useT } from "../../lib/i18n.tsx";
import { useInstituteInfo, useInstituteName, usePageTitle } from "../../lib/site.ts";
import {
  BookIcon,
  CalendarIcon,
  CheckCircleIcon,
  CheckIcon,
  EyeIcon,
  FileIcon,
  GraduationCapIcon,
  HomeIcon,
  UsersIcon,
} from "../../ui/icons.tsx";
import { PageHero } from "./page-hero.tsx";
import { CallToAction, FeatureGrid, Section } from "./section.tsx";
import { useMetaDescription } from "./use-meta-description.ts";

export const ABOUT_DESCRIPTION =
  "Who we are: an institute that guides working adults and school-leavers through distance degrees from partner universities across India. Our mission, vision and values.";

const VALUES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <CheckCircleIcon />,
    title: "Honest advice",
    text: "We tell you plainly what a program involves, what it costs and how long it takes — before you apply, not after.",
  },
  {
    icon: <CalendarIcon />,
    title: "Respect for your time",
    text: "Clear steps, quick answers and no needless trips to the office. Most things can be done from your phone.",
  },
  {
    icon: <UsersIcon />,
    title: "Personal care",
    text: "You are not a roll number to us. Our counsellors know your goals and stay in touch until you graduate.",
  },
  {
    icon: <GraduationCapIcon />,
    title: "Quality that lasts",
    text: "We choose our partner universities carefully and keep our guidance up to date, so your degree serves you for years.",
  },
  {
    icon: <HomeIcon />,
    title: "Open to everyone",
    text: "Whatever your age, your town or your earlier marks, you are welcome here. It is never too late to study.",
  },
  {
    icon: <FileIcon />,
    title: "Trust and privacy",
    text: "Your documents and personal details are used only for your admission and your studies, and kept safe.",
  },
];

export default function AboutPage() {
  const tHome = useT(home);
  usePageTitle("About Us");
  useMetaDescription(ABOUT_DESCRIPTION);
  const { data: info } = useInstituteInfo();
  const name = useInstituteName();
  const officeNames = info?.offices.map((office) => office.name) ?? [];

  const reasons = [
    "Undergraduate, postgraduate and diploma programs from 25+ partner universities, in one place",
    "Study from home at your own pace, while you keep your job and your family routine",
    "Personal counselling before you apply and support after you are admitted",
    "Apply online in one sitting; we review every application within 2–3 business days",
    "A student portal with your profile, your ID card and news from the office",
    "Fees and timelines explained plainly before you apply",
    officeNames.length > 0
      ? `Walk in to our ${officeNames.join(" or ")} and meet a counsellor in person`
      : "Offices you can walk into and meet a counsellor in person",
    "A reply to every enquiry within 24 hours",
  ];

  return (
    <>
      <PageHero
        eyebrow={name}
        title="About Us"
        lead="For more than ten years we have helped working adults, parents and school-leavers across India earn a university degree without giving up their jobs or leaving home."
      />

      <section className="section" aria-labelledby="who-title">
        <div className="container about-intro">
          <div className="about-intro__text prose">
            <h2 id="who-title">Who we are</h2>
            <p>
              {name} is a private institute for distance and correspondence education. We work with partner universities across India that
              offer undergraduate, postgraduate and diploma programs — from business and commerce to arts, science, social work and
              research.
            </p>
            <p>
              We are the people beside you on that journey. We help you choose a program that fits your goals, complete your admission
              correctly, keep track of study material, assignments and examination dates, and answer your questions along the way.
            </p>
            <p>
              Many of our students study while working full time or caring for a family. That is why everything starts online, and why you
              can always reach a real person — by phone, by e-mail or at one of our offices.
            </p>
          </div>
          <aside className="about-facts" aria-labelledby="facts-title">
            <h2 id="facts-title" className="about-facts__title">
              At a glance
            </h2>
            <dl className="about-facts__list">
              {MARKETING_FIGURES.map((figure) => (
                <div key={figure.key} className="about-facts__item">
                  <dt>{tHome(`figure.${figure.key}`)}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
      </section>

      <section className="section section--muted" aria-label="Mission and vision">
        <div className="container">
          <div className="grid grid--2">
            <article className="purpose-card" aria-labelledby="mission-title">
              <span className="feature__icon" aria-hidden="true">
                <BookIcon />
              </span>
              <h2 id="mission-title" className="purpose-card__title">
                Our mission
              </h2>
              <p>
                To make a recognised university education possible for every learner who cannot attend a campus full time — with honest
                advice, a simple admission process and steady support until the final examination.
              </p>
            </article>
            <article className="purpose-card" aria-labelledby="vision-title">
              <span className="feature__icon" aria-hidden="true">
                <EyeIcon />
              </span>
              <h2 id="vision-title" className="purpose-card__title">
                Our vision
              </h2>
              <p>
                An India where your job, your town or your age never decides whether you can earn a degree — and where studying at a
                distance is a first choice, not a compromise.
              </p>
            </article>
          </div>
        </div>
      </section>

      <Section id="values" title="Our core values" lead="What you can expect from us, every time you call, write or visit." center>
        <FeatureGrid items={VALUES} columns={3} />
      </Section>

      <Section
        id="why-about"
        title="Why choose us"
        lead="Reasons our students give when they recommend us to a friend."
        tone="muted"
        containerClassName="about-why"
      >
        <ul className="check-list">
          {reasons.map((reason) => (
            <li key={reason}>
              <span className="check-list__icon" aria-hidden="true">
                <CheckIcon size={18} />
              </span>
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </Section>

      {/*
        Download Brochure (DECISIONS 17) is hidden until a brochure exists. The admin brochure upload
        (a later issue) will provide `site.info.brochureUrl`; render the button only when it is set.
      */}
      <CallToAction
        id="about-cta"
        title="Let us help you take the next step"
        lead="Apply online today, or talk to a counsellor first. There is no obligation."
        primary="Apply for Admission"
        secondary={{ href: "/contact", label: "Contact us" }}
      />
    </>
  );
}
