/**
 * The home page's latest announcements (site.news): three cards, or an honest empty state.
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { common } from "../../../shared/i18n/common.ts";
import { home } from "../../../shared/i18n/home.ts";
import { NEWS_ON_HOME } from "../../../shared/news.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { BellIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { Section } from "./section.tsx";
import { publicRetry } from "./site-status.ts";

/** The day an announcement was published (a stored instant: on the institute's clock), "12 March 2026"; nothing for nonsense. */
export const formatNewsDate = (value: string) => formatDate(value, { style: "long" });

/** The latest announcements from the office (site.news): three cards, or an honest empty state. */
export default function LatestNews() {
  const t = useT(home);
  const tc = useT(common);
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
      <Alert tone="error" title={t("news.error")}>
        <p>{normaliseError(news.error).message}</p>
        <Button variant="secondary" size="sm" onClick={() => void news.refetch()} loading={news.isFetching}>
          {tc("tryAgain")}
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<BellIcon size={28} />}
        title={t("news.emptyTitle")}
        description={t("news.emptyText")}
        action={
          <Link href="/contact" className={buttonClass("secondary")}>
            {t("news.contact")}
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
    <Section id="news" title={t("news.title")} lead={t("news.lead")} center busy={news.isPending}>
      {body}
    </Section>
  );
}
