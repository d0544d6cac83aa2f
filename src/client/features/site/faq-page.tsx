/**
 * /faq (issue 17): the questions the office publishes (Site content → FAQs), grouped by topic in the
 * office's order, each opening in place (native <details>), and a way to ask anything else.
 */
import { Link } from "wouter";
import { about } from "../../../shared/i18n/about.ts";
import { faqsByTopic } from "../../lib/faqs.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { buttonClass } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { PageHero } from "./page-hero.tsx";
import { useMetaDescription } from "./use-meta-description.ts";

export default function FaqPage() {
  const t = useT(about);
  usePageTitle(t("faq.title"));
  useMetaDescription(t("faq.description"));
  const query = trpc.content.publicFaqs.useQuery(undefined, { staleTime: 60_000 });
  const faqs = query.data?.faqs ?? [];
  const topics = faqsByTopic(faqs);
  return (
    <>
      <PageHero title={t("faq.title")} lead={t("faq.lead")} />
      <div className="container container--narrow page-section stack stack--lg">
        {query.isError ? <Alert tone="error">{t("faq.loadFailed")}</Alert> : null}
        {query.isPending ? <Skeleton lines={6} /> : null}
        {query.data && faqs.length === 0 ? <p>{t("faq.none")}</p> : null}
        {topics.map(({ topic, questions }) => (
          <section key={topic} className="stack" aria-label={topic || t("faq.general")}>
            {topics.length > 1 ? <h2 className="faq__topic">{topic || t("faq.general")}</h2> : null}
            {questions.map((f) => (
              <details key={f.id} className="faq">
                <summary className="faq__question">{f.question}</summary>
                <p className="faq__answer">{f.answer}</p>
              </details>
            ))}
          </section>
        ))}
        <div className="cluster">
          <span>{t("faq.more")}</span>
          <Link href="/contact" className={buttonClass("secondary")}>
            {t("faq.ask")}
          </Link>
        </div>
      </div>
    </>
  );
}
