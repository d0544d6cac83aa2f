/**
 * /admin/fees?tab=collections (issue 19, office): the money collected in a range of days (receipts not
 * cancelled, by the day issued) — this month so far unless another range is chosen (kept in the address), or
 * today, this month, this financial year at a click — by day, by programme and by mode, each adding up to the
 * total; and the range's receipts as a CSV file.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { feeReports } from "../../../shared/i18n/feeReports.ts";
import { COLLECTION_BASES, type CollectionBasis, collectionsQuery } from "../../../shared/schemas/fee-reports.ts";
import { checkInput, type FieldMessages } from "../../lib/form.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery, useQueryParam } from "../../lib/use-list-params.ts";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select, TextInput } from "../../ui/field.tsx";
import { AlertIcon, CalendarIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { StatRow } from "../../ui/list-page.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { BarChartIcon, CreditCardIcon, DownloadIcon } from "../../ui/more-icons.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { useDownload } from "../../ui/use-download.ts";

type Collections = RouterOutputs["feeReports"]["collections"];
type Range = Collections["range"];
type Field = "from" | "to";
const PRESETS = ["today", "month", "year", "lastYear"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address (?from=&to=), or none (the server's default: this month so far). */
function useRangeParam(): [Range | null, (range: Range) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const params = new URLSearchParams(search);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const range = DAY.test(from) && DAY.test(to) ? { from, to } : null;
  const set = (next: Range) => {
    const out = new URLSearchParams(search);
    out.set("from", next.from);
    out.set("to", next.to);
    navigate(address(out.toString()));
  };
  return [range, set];
}

export function CollectionsView() {
  const t = useT(feeReports);
  const [asked, setRange] = useRangeParam();
  // Counted on the day each receipt was issued, or the day its money was paid (walk 32a: the accountant's year).
  const [basis, setBasis] = useQueryParam("by", COLLECTION_BASES);
  const by = basis as CollectionBasis;
  const query = trpc.feeReports.collections.useQuery({ ...asked, by }, { placeholderData: keepPreviousData });
  const data = query.data;
  const range = data?.range ?? asked;
  const { download, busy } = useDownload({
    failed: t("coll.exportFailed"),
    done: (name) => t("coll.exported", { name }),
    accept: "text/csv",
  });

  return (
    <section className="stack fee-reports" aria-label={t("coll.label")}>
      <RangeForm
        // A new range from the server (a preset, the default) starts the form again.
        key={range ? `${range.from}:${range.to}` : "none"}
        range={range}
        presets={data?.presets}
        busy={query.isFetching}
        onChoose={setRange}
      />
      <Select
        id="fee-collections-by"
        label={t("coll.by")}
        hint={t("coll.byHint")}
        fieldClassName="fee-collections__by"
        options={COLLECTION_BASES.map((b) => ({ value: b, label: t(`coll.by.${b}`) }))}
        value={by}
        onChange={(e) => setBasis(e.target.value)}
      />
      {query.isError ? <ListLoadError message={failureMessage(query.error, t("coll.failed"))} query={query} /> : null}
      <p className="sr-only" role="status" aria-live="polite">
        {data
          ? t("coll.announce", { amount: formatMoney(data.total), from: formatDate(data.range.from), to: formatDate(data.range.to) })
          : ""}
      </p>
      <StatRow>
        <StatCard
          label={t("coll.stat.total")}
          value={data ? formatMoney(data.total) : "—"}
          hint={data ? t("coll.between", { from: formatDate(data.range.from), to: formatDate(data.range.to) }) : undefined}
          icon={<CreditCardIcon />}
          tone="approved"
        />
        <StatCard label={t("coll.stat.receipts")} value={data ? formatNumber(data.receipts) : "—"} icon={<CheckCircleIcon />} tone="info" />
        <StatCard
          label={t("coll.stat.lateFees")}
          value={data ? formatMoney(data.lateFees) : "—"}
          hint={t("coll.lateFeesHint")}
          icon={<AlertIcon />}
          tone="pending"
        />
      </StatRow>
      <div className="cluster cluster--end">
        <Button
          variant="secondary"
          disabled={!data}
          loading={busy !== null}
          onClick={() =>
            data && void download(data.csvUrl, `fee-receipts-${by === "paid" ? "paid-" : ""}${data.range.from}-to-${data.range.to}.csv`)
          }
        >
          <DownloadIcon size={18} /> {t("coll.export")}
        </Button>
      </div>
      {data && data.receipts === 0 ? (
        <Card>
          <EmptyState
            icon={<BarChartIcon size={28} />}
            title={t("coll.none.title")}
            description={t(by === "paid" ? "coll.none.textPaid" : "coll.none.text", {
              from: formatDate(data.range.from),
              to: formatDate(data.range.to),
            })}
          />
        </Card>
      ) : (
        <Breakdown data={data} loading={query.isPending} />
      )}
    </section>
  );
}

function RangeForm({
  range,
  presets,
  busy,
  onChoose,
}: {
  range: Range | null;
  presets: Collections["presets"] | undefined;
  busy: boolean;
  onChoose: (range: Range) => void;
}) {
  const t = useT(feeReports);
  const [values, setValues] = useState<Record<Field, string>>({ from: range?.from ?? "", to: range?.to ?? "" });
  const [messages, setMessages] = useState<FieldMessages<Field>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkInput(collectionsQuery, values, { fields: ["from", "to"] });
    if (!checked.ok) {
      setMessages(checked.messages);
      const first = (["from", "to"] as const).find((f) => checked.messages[f]);
      if (first) document.getElementById(`fee-collections-${first}`)?.focus();
      return;
    }
    setMessages({});
    onChoose({ from: checked.value.from, to: checked.value.to });
  };
  const change = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setMessages((m) => ({ ...m, [field]: undefined }));
  };
  return (
    <Card className="fee-collections__range">
      <form className="fee-collections__form cluster cluster--top" onSubmit={submit} noValidate aria-label={t("coll.range")}>
        <TextInput
          id="fee-collections-from"
          type="date"
          label={t("coll.from")}
          value={values.from}
          error={messages.from}
          onChange={change("from")}
        />
        <TextInput id="fee-collections-to" type="date" label={t("coll.to")} value={values.to} error={messages.to} onChange={change("to")} />
        <Button type="submit" variant="primary" loading={busy} className="fee-collections__show">
          <CalendarIcon size={18} /> {t("coll.show")}
        </Button>
      </form>
      <div className="cluster cluster--sm fee-collections__presets" role="group" aria-label={t("coll.presets")}>
        {PRESETS.map((p) => {
          const preset = presets?.[p];
          const current = !!preset && !!range && preset.from === range.from && preset.to === range.to;
          return (
            <Button
              key={p}
              size="sm"
              variant="secondary"
              aria-pressed={current}
              disabled={!preset}
              onClick={() => preset && onChoose(preset)}
            >
              {t(`coll.preset.${p}`)}
            </Button>
          );
        })}
      </div>
    </Card>
  );
}

type Group = { key: string; label: string; receipts: number; amount: number };

function Breakdown({ data, loading }: { data: Collections | undefined; loading: boolean }) {
  const t = useT(feeReports);
  const groups: { id: string; title: string; header: string; rows: Group[] }[] = [
    {
      id: "day",
      title: t("coll.byDay"),
      header: t("coll.col.day"),
      rows: (data?.byDay ?? []).map((d) => ({ key: d.day, label: formatDate(d.day), receipts: d.receipts, amount: d.amount })),
    },
    {
      id: "programme",
      title: t("coll.byProgramme"),
      header: t("coll.col.programme"),
      rows: (data?.byProgramme ?? []).map((p) => ({ key: String(p.id), label: p.name, receipts: p.receipts, amount: p.amount })),
    },
    {
      id: "mode",
      title: t("coll.byMode"),
      header: t("coll.col.mode"),
      rows: (data?.byMode ?? []).map((m) => ({ key: m.mode, label: t(`coll.mode.${m.mode}`), receipts: m.receipts, amount: m.amount })),
    },
  ];
  return (
    <div className="fee-collections__groups">
      {groups.map((g) => {
        const columns: TableColumn<Group>[] = [
          { key: "label", header: g.header, render: (r) => <span className="ops-cell-strong">{r.label}</span> },
          {
            key: "receipts",
            header: t("coll.col.receipts"),
            className: "ui-table__cell--numeric",
            render: (r) => formatNumber(r.receipts),
          },
          {
            key: "amount",
            header: t("coll.col.amount"),
            className: "ui-table__cell--numeric",
            render: (r) => <span className="tabular">{formatMoney(r.amount)}</span>,
          },
        ];
        return (
          <Card key={g.id} title={g.title} headingLevel={2} flush className={`fee-collections__group fee-collections__group--${g.id}`}>
            <Table
              caption={g.title}
              captionHidden
              className="ops-table"
              columns={columns}
              rows={g.rows}
              rowKey={(r) => r.key}
              loading={loading}
              skeletonRows={3}
            />
          </Card>
        );
      })}
    </div>
  );
}
