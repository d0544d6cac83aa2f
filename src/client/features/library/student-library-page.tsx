/**
 * /student/library (issue 18): the student's books on loan with their due dates ("Due soon" within three
 * days, "Overdue" after), the catalogue they may borrow from or read (searched and paginated by the server;
 * e-resources of another programme are not theirs), downloads of e-resource PDFs (authorised by the server)
 * and links, and the books they have returned.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { library } from "../../../shared/i18n/library.ts";
import {
  AVAILABILITY_FILTERS,
  type CatalogueQuery,
  catalogueQuery,
  KIND_FILTERS,
  LOAN_DAYS,
  LOAN_RENEWALS_MAX,
} from "../../../shared/schemas/library.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useListParams, useQueryParam } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select, TextInput } from "../../ui/field.tsx";
import { RowActionLabel, useSearchBox } from "../../ui/list-controls.tsx";
import { QueryBody } from "../../ui/load-error.tsx";
import { BookIcon, DownloadIcon } from "../../ui/more-icons.tsx";
import { Pagination, useScreenPages } from "../../ui/pagination.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useDownload } from "../../ui/use-download.ts";
import { RenewDialog } from "./renew-dialog.tsx";
import { StandingBadge } from "./standing.tsx";

type CatalogueItem = RouterOutputs["library"]["catalogue"]["items"][number];
type MyLoan = RouterOutputs["library"]["mine"]["loans"][number];
const CATALOGUE_PAGE = 10;
const HISTORY_PAGE = 5;

export default function StudentLibraryPage() {
  const t = useT(library);
  return (
    <div className="page-stack library-student">
      <StudentPageHeader title={t("title")} lead={t("student.lead")} />
      <MyLoans />
      <CatalogueSection />
      <ReturnedSection />
    </div>
  );
}

function MyLoans() {
  const t = useT(library);
  const mine = trpc.library.mine.useQuery();
  const loans = mine.data?.loans ?? [];
  const dueSoon = loans.filter((l) => l.standing === "dueSoon").length;
  const overdue = loans.filter((l) => l.standing === "overdue").length;
  const utils = trpc.useUtils();
  const renew = trpc.library.renewMine.useMutation();
  const renewing = useConfirmed<MyLoan>(
    (l, { done, failed }) => renew.mutate({ id: l.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    {
      // Renewed, its Renew goes (a second one the same day adds nothing): the focus goes to the loan, which now
      // says its new day (walk 22c: it fell to the page).
      reload: (l) => utils.library.mine.invalidate().then(() => document.getElementById(`library-loan-${l.id}`)?.focus()),
      failed: t("student.failed.renew"),
    },
  );
  const today = mine.data?.today;
  return (
    <Card title={t("student.onLoan")} className="library-section">
      <QueryBody
        query={mine}
        failed={t("student.failed.loans")}
        lines={3}
        empty={
          loans.length === 0 && (
            <EmptyState icon={<BookIcon size={28} />} title={t("student.noLoans.title")} description={t("student.noLoans.text")} />
          )
        }
      >
        <div className="stack stack--sm">
          <p className="text-sm text-muted">
            {[
              t("student.loanCount", { count: loans.length }),
              dueSoon ? t("student.dueSoonCount", { count: dueSoon }) : null,
              overdue ? t("student.overdueCount", { count: overdue }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {overdue ? <Alert tone="warning">{t("student.overdueNote")}</Alert> : null}
          <ul className="library-loans list-plain" aria-label={t("student.onLoan")}>
            {loans.map((l) => (
              <li
                key={l.id}
                id={`library-loan-${l.id}`}
                tabIndex={-1}
                className={`library-loan library-loan--${l.standing} cluster cluster--between cluster--top`}
              >
                <div className="library-loan__text">
                  <p className="library-loan__title">{l.title}</p>
                  {l.author ? <p className="text-sm text-muted">{l.author}</p> : null}
                </div>
                <div className="library-loan__due cluster cluster--sm">
                  <p className="text-sm">
                    {t("student.dueOn")}{" "}
                    <time dateTime={l.dueOn} className="library-loan__date">
                      {formatDate(l.dueOn, { style: "long" })}
                    </time>
                  </p>
                  <StandingBadge standing={l.standing} />
                  {l.renewals ? <span className="text-sm text-muted">{t("student.renewed", { count: l.renewals })}</span> : null}
                  {l.renewable ? (
                    <Button size="sm" variant="secondary" onClick={() => renewing.ask(l)}>
                      <RowActionLabel label={t("renew")} spoken={t("student.renewOf", { title: l.title })} />
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">{t("student.renewHint", { days: LOAN_DAYS, count: LOAN_RENEWALS_MAX })}</p>
        </div>
        <RenewDialog
          renewing={renewing}
          busy={renew.isPending}
          today={today}
          title={t("student.renewTitle")}
          text={(l, renewal) => t("student.renewText", { title: l.title, ...renewal })}
        />
      </QueryBody>
    </Card>
  );
}

function CatalogueSection() {
  const t = useT(library);
  // The search, the filters and the page are in the address, as the office's library keeps them: a reload, or
  // Back from a book's PDF or another page, shows the same results (walk 27b: they were lost).
  const list = useListParams();
  const { search, page, setPage } = list;
  const [kindParam, setKind] = useQueryParam("kind", KIND_FILTERS);
  const [availabilityParam, setAvailability] = useQueryParam("availability", AVAILABILITY_FILTERS);
  const kind = kindParam as CatalogueQuery["kind"];
  const availability = availabilityParam as CatalogueQuery["availability"];
  // The box follows the address when Back changes it, as the office's ListSearch does; what it holds goes to
  // the server, by the server's rule, once typing pauses (too long: said beside it, and nothing is sent).
  const box = useSearchBox(search, list.setSearch, catalogueQuery.entries.search);

  const query = trpc.library.catalogue.useQuery(
    { page, limit: CATALOGUE_PAGE, search, kind, availability },
    { placeholderData: keepPreviousData },
  );
  const items = query.data?.items ?? [];

  // A filter is named by its key (its id, label and choices' words); choosing one starts again at page 1.
  const filterSelect = <K extends "kind" | "availability">(
    key: K,
    value: CatalogueQuery[K],
    set: (value: CatalogueQuery[K]) => void,
    values: readonly CatalogueQuery[K][],
  ) => (
    <Select
      id={`library-catalogue-${key}`}
      label={t(`student.${key}`)}
      fieldClassName="library-filters__select"
      value={value}
      onChange={(e) => set(e.target.value as CatalogueQuery[K])}
      options={values.map((v) => ({
        value: v,
        label: t(`filter.${key}.${v}` as `filter.kind.${CatalogueQuery["kind"]}` | `filter.availability.${CatalogueQuery["availability"]}`),
      }))}
    />
  );

  const pdf = useDownload({ failed: t("student.failed.download"), done: (file) => t("said.downloaded", { file }) });
  const download = (item: CatalogueItem) => pdf.download(item.url!, item.fileName ?? `${item.title}.pdf`);

  return (
    <Card title={t("student.catalogue")} className="library-section">
      <div className="stack">
        <p className="text-sm text-muted">{t("student.catalogueLead")}</p>
        <form
          role="search"
          className="library-filters cluster cluster--bottom"
          onSubmit={(e) => {
            e.preventDefault();
            if (!box.submit()) document.getElementById("library-catalogue-search")?.focus();
          }}
        >
          <TextInput
            id="library-catalogue-search"
            type="search"
            label={t("student.search")}
            placeholder={t("student.searchPlaceholder")}
            fieldClassName="library-filters__search"
            value={box.text}
            maxLength={100}
            onChange={(e) => box.setText(e.target.value)}
          />
          {filterSelect("kind", kind, setKind, KIND_FILTERS)}
          {filterSelect("availability", availability, setAvailability, AVAILABILITY_FILTERS)}
        </form>
        <p className="sr-only" role="status" aria-live="polite">
          {query.data ? t("student.found", { count: query.data.pagination.totalItems }) : ""}
        </p>
        <QueryBody
          query={query}
          failed={t("student.failed.catalogue")}
          lines={5}
          empty={
            items.length === 0 && (
              <EmptyState
                icon={<BookIcon size={28} />}
                title={search || kind !== "all" || availability !== "all" ? t("student.noMatch.title") : t("student.empty.title")}
                description={search || kind !== "all" || availability !== "all" ? t("student.noMatch.text") : t("student.empty.text")}
              />
            )
          }
        >
          <ul className="library-catalogue list-plain" aria-label={t("student.results")} aria-busy={query.isFetching || undefined}>
            {items.map((item) => (
              <li key={item.id} className="library-entry cluster cluster--between cluster--top">
                <div className="library-entry__text">
                  <p className="library-entry__title">{item.title}</p>
                  <p className="text-sm text-muted">
                    {[item.author, item.publisher, item.year ? String(item.year) : null, item.category].filter(Boolean).join(" · ") ||
                      "\u00a0"}
                  </p>
                  {item.isbn ? <p className="text-sm text-muted">{t("isbnOf", { isbn: item.isbn })}</p> : null}
                </div>
                <div className="library-entry__side cluster cluster--sm">
                  {item.kind === "book" ? (
                    <>
                      <Badge tone={(item.available ?? 0) > 0 ? "approved" : "pending"}>
                        {(item.available ?? 0) > 0
                          ? t("copiesOnShelf", { count: item.available ?? 0, copies: item.copies ?? 0 })
                          : t("student.allOut")}
                      </Badge>
                      {item.shelf ? <span className="text-sm text-muted">{t("shelfOf", { shelf: item.shelf })}</span> : null}
                    </>
                  ) : (
                    <>
                      <Badge tone="accent">{t(item.source === "link" ? "kind.link" : "kind.pdf")}</Badge>
                      {item.programmeName ? (
                        <span className="text-sm text-muted">{t("student.forProgramme", { programme: item.programmeName })}</span>
                      ) : null}
                      {item.source === "file" ? (
                        <Button size="sm" variant="secondary" loading={pdf.busy === item.url} onClick={() => void download(item)}>
                          <DownloadIcon size={16} />
                          <RowActionLabel label={t("download")} spoken={t("student.downloadOf", { title: item.title })} />
                        </Button>
                      ) : item.url ? (
                        <a className={buttonClass("secondary", "sm")} href={item.url} target="_blank" rel="noopener noreferrer">
                          <RowActionLabel label={t("open")} spoken={t("student.openOf", { title: item.title })} />
                        </a>
                      ) : null}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </QueryBody>
        <Pagination page={page} totalPages={query.data?.pagination.totalPages ?? 0} onChange={setPage} />
      </div>
    </Card>
  );
}

function ReturnedSection() {
  const t = useT(library);
  const { page, setPage, query: history } = useScreenPages(trpc.library.history, (page) => ({ page, limit: HISTORY_PAGE }));
  const loans = history.data?.loans ?? [];
  return (
    <Card title={t("student.returned")} className="library-section">
      <QueryBody
        query={history}
        failed={t("student.failed.history")}
        lines={2}
        empty={loans.length === 0 && <p className="text-sm text-muted">{t("student.noHistory")}</p>}
      >
        <div className="stack stack--sm">
          <ul className="library-history list-plain" aria-label={t("student.returned")}>
            {loans.map((l) => (
              <li key={l.id} className="library-history__item">
                <span className="library-history__title">{l.title}</span>
                <span className="text-sm text-muted">
                  {t("student.borrowedReturned", {
                    from: formatDate(wallClock(l.issuedLocal)),
                    to: formatDate(wallClock(l.returnedLocal)),
                  })}
                  {l.daysLate ? ` · ${t("daysLate", { count: l.daysLate })}` : null}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">{t("student.historyCount", { count: history.data?.pagination.totalItems ?? 0 })}</p>
          <Pagination page={page} totalPages={history.data?.pagination.totalPages ?? 0} onChange={setPage} />
        </div>
      </QueryBody>
    </Card>
  );
}
