/**
 * /student/exams (issue 18; docs/studies/exams.md): the exams to come of the subjects the student studies
 * (day, time, centre, duration), and the published results (marks, pass or fail), a page at a time; links to
 * the printable admit card (/student/exams/admit-card) and marksheet (/student/exams/marksheet).
 */
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "wouter";
import { exams } from "../../../shared/i18n/exams.ts";
import { formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { SubPages } from "../../lib/sub-pages.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useListParams } from "../../lib/use-list-params.ts";
import { buttonClass } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Fact } from "../../ui/fact.tsx";
import { CalendarIcon, FileIcon, MapPinIcon } from "../../ui/icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { AdmitCardPage } from "./admit-card-page.tsx";
import { examDay, examDuration, examTime } from "./exam-time.ts";
import { MarksheetPage } from "./marksheet-page.tsx";
import { LoadFailed, ResultBadge } from "./student-parts.tsx";

type Mine = RouterOutputs["exams"]["mine"];
type Result = Mine["results"][number];

export default function StudentExamsPage() {
  return (
    <SubPages
      pages={{
        "/": () => <ExamsOverview />,
        "/admit-card": () => <AdmitCardPage />,
        "/marksheet": () => <MarksheetPage />,
      }}
    />
  );
}

function ExamsOverview() {
  const t = useT(exams);
  const list = useListParams();
  const query = trpc.exams.mine.useQuery({ page: list.page, limit: 10 }, { placeholderData: keepPreviousData });
  const data = query.data;

  const columns: TableColumn<Result>[] = [
    {
      key: "subject",
      header: t("col.subject"),
      render: (r) => (
        <span className="ops-cell-stack">
          <strong>{r.subjectName}</strong>
          <span className="text-sm text-muted">{r.subjectCode}</span>
        </span>
      ),
    },
    { key: "exam", header: t("col.exam"), render: (r) => r.title },
    { key: "date", header: t("col.date"), className: "ui-table__cell--nowrap", render: (r) => examDay(`${r.date}T00:00`) },
    {
      key: "marks",
      header: t("col.marks"),
      className: "ui-table__cell--nowrap ui-table__cell--numeric",
      render: (r) => (r.absent ? t("result.absentShort") : t("result.marksOf", { marks: r.marks ?? 0, max: r.maxMarks })),
    },
    { key: "result", header: t("col.result"), render: (r) => <ResultBadge result={r} /> },
  ];

  return (
    <div className="page-stack exams-page">
      <StudentPageHeader
        title={t("my.title")}
        lead={t("my.lead")}
        actions={
          <div className="exams-actions">
            <Link href="/admit-card" className={buttonClass("primary")}>
              <FileIcon size={18} /> {t("my.admitCard")}
            </Link>
            <Link href="/marksheet" className={buttonClass("secondary")}>
              {t("my.marksheet")}
            </Link>
          </div>
        }
      />

      {query.isError && !data ? <LoadFailed message={t("my.loadFailed")} busy={query.isFetching} query={query} /> : null}

      <section aria-labelledby="exams-upcoming" className="stack">
        <h2 id="exams-upcoming" className="exams-section-title">
          {t("my.upcoming")}
        </h2>
        {!data ? (
          query.isError ? null : (
            <Skeleton lines={4} />
          )
        ) : data.upcoming.length === 0 ? (
          <EmptyState icon={<CalendarIcon size={28} />} title={t("my.noUpcomingTitle")} description={t("my.noUpcoming")} />
        ) : (
          <ul className="exams-upcoming grid grid--sm list-plain">
            {data.upcoming.map((e) => (
              <li key={e.id} className="ui-card exams-upcoming__item">
                <span className="icon-tile exams-upcoming__icon" aria-hidden="true">
                  <CalendarIcon size={22} />
                </span>
                <div className="stack stack--xs exams-upcoming__text">
                  <h3 className="exams-upcoming__subject">
                    <span className="exams-code">{e.subjectCode}</span> {e.subjectName}
                  </h3>
                  <p className="text-sm text-muted">{e.title}</p>
                  <dl className="exams-facts">
                    <Fact label={t("col.date")}>{examDay(e.startsLocal, "long")}</Fact>
                    <Fact label={t("col.time")}>{examTime(e.startsLocal)}</Fact>
                    <Fact label={t("col.duration")}>{examDuration(e.durationMinutes)}</Fact>
                    <Fact label={t("col.centre")}>
                      <MapPinIcon size={16} /> {e.centre}
                    </Fact>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="exams-results" className="stack">
        <div className="exams-results-head">
          <h2 id="exams-results" className="exams-section-title">
            {t("my.results")}
          </h2>
          {data && data.summary.published > 0 ? (
            <p className="text-sm text-muted">
              {t("my.summary", {
                count: data.summary.published,
                average: data.summary.percent === null ? "—" : formatNumber(data.summary.percent),
              })}
            </p>
          ) : null}
        </div>
        <Card flush>
          <Table
            caption={t("my.results")}
            captionHidden
            className="ops-table"
            columns={columns}
            rows={data?.results ?? []}
            rowKey={(r) => r.examId}
            loading={!data && !query.isError}
            skeletonRows={3}
            empty={<EmptyState icon={<FileIcon size={28} />} title={t("my.noResultsTitle")} description={t("my.noResults")} />}
          />
        </Card>
        {data ? <Pagination page={list.page} totalPages={data.pagination.totalPages} onChange={list.setPage} /> : null}
      </section>
    </div>
  );
}
