/**
 * /admin/library — Library Management (spec part 2). A shell until the library is built (DECISIONS 6):
 * counters, search, filters and the table's columns are shown; with no books there is nothing to search
 * or filter, so those controls are disabled and say why, and Add New Book says it is coming soon.
 */

import { reports } from "../../../shared/i18n/reports.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { StatCard } from "../../ui/card.tsx";
import { Select, TextInput } from "../../ui/field.tsx";
import { AlertIcon, CheckCircleIcon, UsersIcon } from "../../ui/icons.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { BookIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "./coming-soon.tsx";

export default function AdminLibraryPage() {
  const t = useT(reports);
  usePageTitle(t("library.title"));
  const hint = t("library.hint");
  const columns = emptyColumns([
    { key: "book", header: t("library.book") },
    { key: "author", header: t("library.author") },
    { key: "category", header: t("shell.category") },
    { key: "status", header: t("shell.status") },
    { key: "actions", header: <span className="sr-only">{t("shell.actions")}</span>, label: t("shell.actions") },
  ]);
  const categories = (["allCategories", "programming", "science", "literature", "history"] as const).map((k) => t(`library.${k}`));
  const statuses = (["allStatus", "available", "borrowed", "reserved"] as const).map((k) => t(`library.${k}`));
  return (
    <PageFrame
      name="library"
      className="ac-shell"
      title={t("library.title")}
      description={t("library.lead")}
      actions={
        <ComingSoonButton>
          <PlusIcon size={18} /> {t("library.add")}
        </ComingSoonButton>
      }
    >
      <StatRow>
        <StatCard label={t("library.total")} value={0} icon={<BookIcon />} />
        <StatCard label={t("library.available")} value={0} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label={t("library.borrowed")} value={0} icon={<UsersIcon />} tone="info" />
        <StatCard label={t("library.overdue")} value={0} icon={<AlertIcon />} tone="rejected" />
      </StatRow>

      <div className="ops-toolbar ac-shell__filters">
        <TextInput
          id="library-search"
          label={t("library.search")}
          hideLabel
          type="search"
          placeholder={t("library.searchPlaceholder")}
          fieldClassName="ac-shell__search"
          disabled
          aria-describedby="library-filters-hint"
        />
        <Select
          id="library-category"
          label={t("shell.category")}
          hideLabel
          options={categories}
          fieldClassName="ops-toolbar__filter"
          disabled
        />
        <Select id="library-status" label={t("shell.status")} hideLabel options={statuses} fieldClassName="ops-toolbar__filter" disabled />
        <p id="library-filters-hint" className="text-sm text-muted ac-shell__hint">
          {hint}
        </p>
      </div>

      <EmptyTable
        caption={t("library.caption")}
        columns={columns}
        icon={<BookIcon size={28} />}
        title={t("library.empty")}
        description={t("library.empty.text")}
      />
    </PageFrame>
  );
}
