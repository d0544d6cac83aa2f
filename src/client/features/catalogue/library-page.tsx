/**
 * /admin/library — Library Management (spec part 2). A shell until the library is built (DECISIONS 6):
 * counters, search, filters and the table's columns are shown; with no books there is nothing to search
 * or filter, so those controls are disabled and say why, and Add New Book says it is coming soon.
 */
import { usePageTitle } from "../../lib/site.ts";
import { StatCard } from "../../ui/card.tsx";
import { Select, TextInput } from "../../ui/field.tsx";
import { AlertIcon, CheckCircleIcon, UsersIcon } from "../../ui/icons.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { BookIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "./coming-soon.tsx";

const COLUMNS = emptyColumns([
  { key: "book", header: "Book details" },
  { key: "author", header: "Author" },
  { key: "category", header: "Category" },
  { key: "status", header: "Status" },
  { key: "actions", header: <span className="sr-only">Actions</span>, label: "Actions" },
]);

const CATEGORIES = ["All Categories", "Programming", "Science", "Literature", "History"];
const STATUSES = ["All Status", "Available", "Borrowed", "Reserved"];

export const LIBRARY_TEXT = { empty: "No books in library" } as const;

export default function AdminLibraryPage() {
  usePageTitle("Library Management");
  const hint = "Search and filters work once books are added.";
  return (
    <PageFrame
      name="library"
      className="ac-shell"
      title="Library Management"
      description="Books and study material, and who has borrowed them."
      actions={
        <ComingSoonButton>
          <PlusIcon size={18} /> Add New Book
        </ComingSoonButton>
      }
    >
      <StatRow>
        <StatCard label="Total Books" value={0} icon={<BookIcon />} />
        <StatCard label="Available" value={0} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label="Borrowed" value={0} icon={<UsersIcon />} tone="info" />
        <StatCard label="Overdue" value={0} icon={<AlertIcon />} tone="rejected" />
      </StatRow>

      <div className="ops-toolbar ac-shell__filters">
        <TextInput
          id="library-search"
          label="Search books"
          hideLabel
          type="search"
          placeholder="Search by title, author or ISBN"
          fieldClassName="ac-shell__search"
          disabled
          aria-describedby="library-filters-hint"
        />
        <Select id="library-category" label="Category" hideLabel options={CATEGORIES} fieldClassName="ops-toolbar__filter" disabled />
        <Select id="library-status" label="Status" hideLabel options={STATUSES} fieldClassName="ops-toolbar__filter" disabled />
        <p id="library-filters-hint" className="text-sm text-muted ac-shell__hint">
          {hint}
        </p>
      </div>

      <EmptyTable
        caption="Library books"
        columns={COLUMNS}
        icon={<BookIcon size={28} />}
        title={LIBRARY_TEXT.empty}
        description="Books will be listed here once the library catalogue is set up."
      />
    </PageFrame>
  );
}
