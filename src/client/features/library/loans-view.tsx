/**
 * /admin/library/loans (issue 18, office): the loans out now (the longest overdue first), overdue, returned
 * or all, searched by title, ISBN, name or Student ID and paginated by the server; Renew (where the rules
 * allow, docs/studies/library.md) and Return ask first.
 */
import { library } from "../../../shared/i18n/library.ts";
import { LOAN_FILTERS, type LoanFilter } from "../../../shared/schemas/library.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog, RowActionLabel } from "../../ui/list-controls.tsx";
import { ListBody, ListTable, listAnswer, listFilter } from "../../ui/list-page.tsx";
import { BookIcon } from "../../ui/more-icons.tsx";
import { StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { RenewDialog } from "./renew-dialog.tsx";
import { StandingBadge } from "./standing.tsx";

type Loan = RouterOutputs["library"]["loans"]["loans"][number];
const STATUS_FILTER = { key: "status", values: LOAN_FILTERS };

export function LoansView() {
  const t = useT(library);
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.library.loans, (page, { filter }) => ({ ...page, status: filter as LoanFilter }), {
    filter: STATUS_FILTER,
  });
  const giveBack = trpc.library.returnLoan.useMutation();
  const returning = useConfirmed<Loan>(
    (l, { done, failed }) => giveBack.mutate({ id: l.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: () => utils.library.invalidate(), failed: t("admin.failed.save") },
  );
  const renew = trpc.library.renew.useMutation();
  const renewing = useConfirmed<Loan>(
    (l, { done, failed }) => renew.mutate({ id: l.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    {
      // Its Renew goes once renewed: the focus goes on to the row's Mark returned.
      reload: (l) => utils.library.invalidate().then(() => document.getElementById(`library-return-${l.id}`)?.focus()),
      failed: t("admin.failed.save"),
    },
  );
  const today = query.data?.today;

  const columns: TableColumn<Loan>[] = [
    {
      key: "book",
      header: t("admin.col.book"),
      render: (l) => <StackedCell strong main={l.title} notes={[l.author]} />,
    },
    {
      key: "student",
      header: t("admin.col.student"),
      render: (l) => <StackedCell main={l.student.name} notes={[l.student.studentId]} />,
    },
    {
      key: "issued",
      header: t("admin.col.issued"),
      className: "ui-table__cell--nowrap",
      render: (l) => formatDate(wallClock(l.issuedLocal)),
    },
    {
      key: "due",
      header: t("admin.col.due"),
      render: (l) => (
        <StackedCell
          mainClassName="nowrap"
          main={formatDate(l.dueOn)}
          notes={[l.renewals ? t("student.renewed", { count: l.renewals }) : null]}
        >
          {l.standing ? <StandingBadge standing={l.standing} /> : null}
        </StackedCell>
      ),
    },
    {
      key: "returned",
      header: t("admin.col.returned"),
      render: (l) =>
        l.returnedLocal ? (
          <StackedCell main={<Badge tone="approved">{t("returnedOn", { date: formatDateTime(wallClock(l.returnedLocal)) })}</Badge>}>
            {l.daysLate ? <Badge tone="pending">{t("daysLate", { count: l.daysLate })}</Badge> : null}
          </StackedCell>
        ) : (
          <div className="cluster cluster--sm">
            <Button id={`library-return-${l.id}`} size="sm" variant="secondary" onClick={() => returning.ask(l)}>
              <RowActionLabel label={t("admin.return")} spoken={t("admin.returnOf", { title: l.title, name: l.student.name })} />
            </Button>
            {l.renewable ? (
              <Button size="sm" variant="ghost" onClick={() => renewing.ask(l)}>
                <RowActionLabel label={t("renew")} spoken={t("admin.renewOf", { title: l.title, name: l.student.name })} />
              </Button>
            ) : null}
          </div>
        ),
    },
  ];

  return (
    <ListBody
      name="library-loans"
      list={list}
      search={{ label: t("admin.loanSearch"), placeholder: t("admin.loanSearchPlaceholder") }}
      filter={listFilter(STATUS_FILTER, t("admin.filter.loans"), (value) => t(`filter.loans.${value}`))}
      {...listAnswer(query, { failed: t("admin.failed.load"), found: (count) => t("admin.loansFound", { count }) })}
      noun={t("admin.loanNoun")}
    >
      <ListTable
        caption={t("admin.loansCaption")}
        className="library-table"
        columns={columns}
        rows={query.data?.loans ?? []}
        loading={query.isPending}
        // "Out now" is the list's own view: empty, it says nothing is on loan.
        list={{ ...list, filter: list.filter === "out" ? "all" : list.filter }}
        icon={<BookIcon size={28} />}
        none={{ title: t("admin.noLoans.title"), description: t("admin.noLoans.text") }}
        noMatch={{ title: t("admin.noLoansMatch.title"), description: t("admin.noLoansMatch.text") }}
        showAll={t("admin.showAllLoans")}
      />
      <ConfirmDialog
        {...returning.dialog}
        title={t("admin.returnTitle")}
        confirmLabel={t("admin.return")}
        busyLabel={t("admin.returning")}
        tone="primary"
        busy={giveBack.isPending}
      >
        {returning.row
          ? t("admin.returnText", {
              title: returning.row.title,
              name: returning.row.student.name,
              id: returning.row.student.studentId ?? "",
            })
          : null}
      </ConfirmDialog>
      <RenewDialog
        renewing={renewing}
        busy={renew.isPending}
        today={today}
        title={t("admin.renewTitle")}
        text={(l, renewal) => t("admin.renewText", { title: l.title, name: l.student.name, id: l.student.studentId ?? "", ...renewal })}
      />
    </ListBody>
  );
}
