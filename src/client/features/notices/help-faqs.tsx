/**
 * The FAQs the office publishes (Site content → FAQs, the public /faq page's list), for the student's Help
 * page: searched as the student types (the whole published list is short and already here), grouped by
 * topic, each question opening in place (native <details>); how many match is announced.
 */
import { useDeferredValue, useState } from "react";
import { notices } from "../../../shared/i18n/notices.ts";
import { faqsByTopic } from "../../lib/faqs.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ListLoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/spinner.tsx";

/** Lower-cased, accents and case folded, so "Fee" finds "fees" and "FEES". */
const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();

export function HelpFaqs() {
  const t = useT(notices);
  const query = trpc.content.publicFaqs.useQuery(undefined, { staleTime: 60_000 });
  const [search, setSearch] = useState("");
  const term = fold(useDeferredValue(search).trim());
  const all = query.data?.faqs ?? [];
  const faqs = term ? all.filter((f) => fold(`${f.question} ${f.answer} ${f.category ?? ""}`).includes(term)) : all;
  const topics = faqsByTopic(faqs);

  return (
    <section className="ui-card help-faqs" aria-labelledby="help-faqs-title">
      <div className="ui-card__body stack">
        <h2 id="help-faqs-title" className="help-section-title">
          {t("help.faqs")}
        </h2>
        {query.isError ? (
          <ListLoadError message={t("help.faqsFailed")} query={query} />
        ) : query.isPending ? (
          <Skeleton lines={4} />
        ) : all.length === 0 ? (
          <p className="text-muted">{t("help.faqsNone")}</p>
        ) : (
          <>
            <div className="help-faqs__search" role="search">
              <label htmlFor="help-faq-search" className="ui-field__label">
                {t("help.faqSearch")}
              </label>
              <input
                id="help-faq-search"
                type="search"
                className="ui-input"
                placeholder={t("help.faqSearchPlaceholder")}
                value={search}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <p className="text-sm text-muted" aria-live="polite">
              {term ? t("help.faqMatches", { count: faqs.length }) : t("help.faqCount", { count: all.length })}
            </p>
            {topics.map(({ topic, questions }) => (
              <div key={topic} className="help-faqs__topic stack stack--sm">
                {topics.length > 1 ? <h3 className="help-faqs__topic-title">{topic || t("help.faqGeneral")}</h3> : null}
                {questions.map((f) => (
                  <details key={f.id} className="help-faq">
                    <summary className="help-faq__question">{f.question}</summary>
                    <p className="help-faq__answer">{f.answer}</p>
                  </details>
                ))}
              </div>
            ))}
          </>
        )}
      </div>
    </section>
  );
}
