/**
 * The public programmes catalogue (issue 17): /programmes lists every programme by level with its
 * university, duration, mode and fee; /programmes/<slug> is one programme in full, with Apply (while
 * admission is open), the syllabus PDF once uploaded, and its own title and description. Both pages are
 * one chunk. The server adds each programme's structured data (schema.org Course) to its page shell.
 */
import { Link, useParams } from "wouter";
import { PROGRAMME_LEVELS } from "../../../shared/constants.ts";
import { programmes } from "../../../shared/i18n/programmes.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { buttonClass } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { PageHero } from "../site/page-hero.tsx";
import { useMetaDescription } from "../site/use-meta-description.ts";

type Programme = RouterOutputs["programmes"]["list"]["programmes"][number];

/** "3 years", "18 months". */
function durationText(months: number | null): string | null {
  if (months === null) return null;
  return months % 12 === 0 ? programmes.t("duration.years", { count: months / 12 }) : programmes.t("duration.months", { count: months });
}

/** "₹18,000 a year, in up to 2 instalments", or "Fee on request". */
function feeText(p: Pick<Programme, "feePaise" | "feePeriod" | "instalments">): string {
  if (p.feePaise === null) return programmes.t("fee.onRequest");
  const amount = programmes.t(`fee.${p.feePeriod}`, { amount: formatMoney(p.feePaise) });
  return `${amount}, ${programmes.t("fee.instalments", { count: p.instalments })}`;
}

function Facts({ p, full = false }: { p: Programme; full?: boolean }) {
  const t = useT(programmes);
  const rows: [string, string | null][] = [
    [t("university"), p.university],
    [t("duration"), durationText(p.durationMonths)],
    [t("mode"), t(`mode.${p.mode}`)],
    [t("fee"), feeText(p)],
    ...(full ? ([[t("eligibility"), p.eligibility]] as [string, string | null][]) : []),
  ];
  return (
    <dl className="programme-facts">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function ProgrammesPage() {
  const t = useT(programmes);
  usePageTitle(t("title"));
  useMetaDescription(t("description"));
  const query = trpc.programmes.list.useQuery(undefined, { staleTime: 60_000 });
  const all = query.data?.programmes ?? [];
  return (
    <>
      <PageHero title={t("title")} lead={t("lead")} />
      <div className="container page-section stack stack--lg">
        {query.isError ? <Alert tone="error">{t("loadFailed")}</Alert> : null}
        {query.isPending ? <Skeleton lines={6} /> : null}
        {query.data && all.length === 0 ? <p>{t("none")}</p> : null}
        {PROGRAMME_LEVELS.map((level) => {
          const inLevel = all.filter((p) => p.level === level);
          if (!inLevel.length) return null;
          return (
            <section key={level} aria-labelledby={`level-${level}`} className="stack">
              <h2 id={`level-${level}`}>{t(`level.${level}`)}</h2>
              <ul className="programme-grid grid grid--sm list-plain">
                {inLevel.map((p) => (
                  <li key={p.slug} className="ui-card programme-card">
                    <div className="ui-card__body stack stack--sm">
                      <h3 className="programme-card__title">
                        <Link href={`/programmes/${p.slug}`}>{p.name}</Link>
                      </h3>
                      <Badge tone={p.admissionOpen ? "approved" : "neutral"}>{p.admissionOpen ? t("open") : t("closed")}</Badge>
                      {p.summary ? <p className="text-muted programme-card__summary">{p.summary}</p> : null}
                      <Facts p={p} />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}

export function ProgrammePage() {
  const t = useT(programmes);
  const { slug } = useParams<{ slug: string }>();
  const query = trpc.programmes.get.useQuery({ slug }, { retry: false, staleTime: 60_000 });
  const p = query.data?.programme;
  usePageTitle(p ? p.name : t("title"));
  useMetaDescription(p?.summary ?? t("description"));

  if (query.isError) {
    return (
      <div className="container page-section stack">
        <Alert tone="warning">{t("notFound")}</Alert>
        <Link href="/programmes">{t("all")}</Link>
      </div>
    );
  }
  if (!p) return <div className="container page-section">{<Skeleton lines={8} />}</div>;
  return (
    <>
      <PageHero eyebrow={t(`level.${p.level}`)} title={p.name} lead={p.summary ?? undefined} />
      <div className="container container--narrow page-section stack stack--lg">
        <div className="cluster">
          <Badge tone={p.admissionOpen ? "approved" : "neutral"}>{p.admissionOpen ? t("open") : t("closed")}</Badge>
          {p.seats ? <span className="text-muted">{t("seats", { count: p.seats })}</span> : null}
        </div>
        <section aria-label={t("details", { name: p.name })}>
          <Facts p={p} full />
        </section>
        <div className="cluster">
          {p.admissionOpen ? (
            <Link href={`/admission?course=${encodeURIComponent(p.name)}`} className={buttonClass("accent", "lg")}>
              {t("apply")}
            </Link>
          ) : null}
          <Link href="/contact" className={buttonClass("secondary", "lg")}>
            {t("ask")}
          </Link>
          {p.syllabusUrl ? (
            <a href={p.syllabusUrl} className={buttonClass("ghost", "lg")} target="_blank" rel="noopener">
              {t("syllabus")}
            </a>
          ) : null}
        </div>
        <Link href="/programmes">{t("all")}</Link>
      </div>
    </>
  );
}
