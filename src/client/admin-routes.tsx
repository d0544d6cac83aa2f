/**
 * The admin area's routes (spec part 2 §2): its layout and pages, each a lazy chunk with its area's
 * stylesheet. routes.tsx loads this module once RequireRole has let an administrator or a staff member in; pages that are the administrators' alone send staff to the dashboard.
 */
import { type ComponentType, lazy, useEffect, useRef, useState } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { portal } from "../shared/i18n/portal.ts";
import admissionsStylesheet from "./features/admissions/admissions-admin.css" with { type: "file" };
import analyticsStylesheet from "./features/analytics/analytics.css" with { type: "file" };
import contactsStylesheet from "./features/contacts/contacts-admin.css" with { type: "file" };
import dashboardStylesheet from "./features/dashboard/dashboard.css" with { type: "file" };
import examsStylesheet from "./features/exams/exams.css" with { type: "file" };
import feesStylesheet from "./features/fees/fees.css" with { type: "file" };
import galleryStylesheet from "./features/gallery/gallery-admin.css" with { type: "file" };
import libraryStylesheet from "./features/library/library.css" with { type: "file" };
import noticesStylesheet from "./features/notices/notices.css" with { type: "file" };
import notificationsStylesheet from "./features/notifications/notifications.css" with { type: "file" };
import programmesStylesheet from "./features/programmes/programmes-admin.css" with { type: "file" };
import settingsStylesheet from "./features/settings/settings.css" with { type: "file" };
import idCardStylesheet from "./features/student/id-card.css" with { type: "file" };
import studentsStylesheet from "./features/students/students.css" with { type: "file" };
import studiesStylesheet from "./features/studies/studies.css" with { type: "file" };
import ticketsStylesheet from "./features/tickets/tickets.css" with { type: "file" };
import adminStylesheet from "./layouts/admin.css" with { type: "file" };
import portalStylesheet from "./layouts/portal.css" with { type: "file" };
import { useT } from "./lib/i18n.tsx";
import { holdsUnsaved } from "./lib/leave-warning.ts";
import { canSeePage } from "./lib/office.ts";
import { useSession } from "./lib/session.tsx";
import { withStylesheets } from "./lib/stylesheets.ts";
import type { Role } from "./lib/trpc.ts";
import printSheetStylesheet from "./ui/print-sheet.css" with { type: "file" };
import { useToast } from "./ui/toast.tsx";

const AdminLayout = lazy(() => withStylesheets(import("./layouts/admin-layout.tsx"), [portalStylesheet, adminStylesheet]));
/** An admin page with its area's stylesheet (features/<area>/*.css), on top of the layout's layouts/admin.css. */
const adminPage = (code: () => Promise<{ default: ComponentType }>, ...stylesheets: string[]) =>
  lazy(() => withStylesheets(code(), stylesheets));
const AdminDashboardPage = adminPage(() => import("./features/dashboard/dashboard-page.tsx"), dashboardStylesheet);
const AdminAdmissionsPage = adminPage(() => import("./features/admissions/admin-admissions-page.tsx"), admissionsStylesheet);
// Pages that go together share a chunk: every chunk is a line in the main script's chunk map, and the /
// page's JavaScript budget counts those lines. Editing and printing one application; the administrators'
// own pages (staff never load them); the studies pages (issue 18).
const AdminApplicationPages = () => import("./features/admissions/application-pages.ts");
const AdminOnlyPages = () => import("./admin-only-pages.ts");
const AdminEditApplicationPage = adminPage(
  () => AdminApplicationPages().then((m) => ({ default: m.AdminEditApplicationPage })),
  admissionsStylesheet,
);
const ApplicationPrintPage = adminPage(
  () => AdminApplicationPages().then((m) => ({ default: m.ApplicationPrintPage })),
  admissionsStylesheet,
);
const AdminStudentsPage = adminPage(() => import("./features/students/students-page.tsx"), studentsStylesheet);
const AdminStudentIdCardPage = adminPage(() => import("./features/students/student-id-card-page.tsx"), idCardStylesheet);
const AdminContactsPage = adminPage(() => import("./features/contacts/admin-contacts-page.tsx"), contactsStylesheet);
const AdminNotificationsPage = adminPage(() => import("./features/notifications/notifications-page.tsx"), notificationsStylesheet);
const AdminActivityPage = adminPage(() => AdminOnlyPages().then((m) => ({ default: m.ActivityPage })), dashboardStylesheet);
const AdminGalleryPage = adminPage(() => AdminOnlyPages().then((m) => ({ default: m.GalleryPage })), galleryStylesheet);
const AdminSettingsPage = adminPage(() => import("./features/settings/settings-page.tsx"), settingsStylesheet);
const AdminHelpPage = adminPage(() => import("./features/tickets/help-page.tsx"), ticketsStylesheet);
const AdminAnalyticsPage = adminPage(() => AdminOnlyPages().then((m) => ({ default: m.AnalyticsPage })), analyticsStylesheet);
const AdminStudiesPages = () => import("./studies-pages.ts");
const AdminCoursesPage = adminPage(() => AdminStudiesPages().then((m) => ({ default: m.CoursesPage })), studiesStylesheet);
const AdminLibraryPage = adminPage(() => AdminStudiesPages().then((m) => ({ default: m.LibraryPage })), libraryStylesheet);
const AdminExamsPage = adminPage(() => AdminStudiesPages().then((m) => ({ default: m.ExamsPage })), examsStylesheet);
// The fees page prints a receipt: the A4 sheet's stylesheet comes first, the area's own on top of it.
const AdminFeesPage = adminPage(() => AdminStudiesPages().then((m) => ({ default: m.FeesPage })), printSheetStylesheet, feesStylesheet);
const AdminNoticesPage = adminPage(() => AdminStudiesPages().then((m) => ({ default: m.NoticesPage })), noticesStylesheet);
// The staff page's only rules (the Invite dialog's role cards) are in layouts/admin.css.
const AdminStaffPage = adminPage(() => AdminOnlyPages().then((m) => ({ default: m.StaffPage })));
const AdminContentPage = adminPage(() => AdminOnlyPages().then((m) => ({ default: m.ContentPage })), settingsStylesheet);
const AdminProgrammesPage = adminPage(() => AdminOnlyPages().then((m) => ({ default: m.ProgrammesPage })), programmesStylesheet);

const ADMIN_PAGES = [
  ["students", AdminStudentsPage],
  ["contacts", AdminContactsPage],
  ["courses", AdminCoursesPage],
  ["library", AdminLibraryPage],
  ["exams", AdminExamsPage],
  ["notices", AdminNoticesPage],
  ["fees", AdminFeesPage],
  ["help", AdminHelpPage],
  ["gallery", AdminGalleryPage],
  ["analytics", AdminAnalyticsPage],
  ["notifications", AdminNotificationsPage],
  ["settings", AdminSettingsPage],
  ["activity", AdminActivityPage],
  ["staff", AdminStaffPage],
  ["programmes", AdminProgrammesPage],
  ["content", AdminContentPage],
] as const;

const NESTED: ReadonlySet<string> = new Set(["courses", "library", "exams", "notices", "fees"]);

/** An administrators' page opened by a staff member: the dashboard, with a word on why (it went there silently). */
function AdministratorsOnly() {
  const toast = useToast();
  const t = useT(portal);
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.show(t("admin.onlyAdministrators"), "info");
  }, [toast, t]);
  return <Redirect to="/dashboard" replace />;
}

/**
 * The administrators' page a person is on when their role becomes staff (a colleague's change, followed by
 * layouts/use-role-follow.ts) while something typed on it is unsaved: kept until they leave it, so what they typed
 * (an Invite's name and address) can be copied, not dropped with the page; told so once (walk 29b's "left"). Saving
 * it is refused by the server as before. Any other page follows the new role at once.
 */
function useKeptOnDemotion(role: Role | undefined): string | null {
  const [location] = useLocation();
  const page = location.split("/")[1] ?? "";
  const [seenRole, setSeenRole] = useState(role);
  const [kept, setKept] = useState<string | null>(null);
  const toast = useToast();
  const t = useT(portal);
  // Worked out as the role changes, before this render's routes (React's state adjusted while rendering).
  if (role !== seenRole) {
    setSeenRole(role);
    setKept(!canSeePage(role, page) && holdsUnsaved() ? page : null);
  } else if (kept !== null && kept !== page) setKept(null);
  // Once as the page is kept, not again on a change of language.
  const tell = useRef(() => {});
  tell.current = () => toast.show(t("admin.keptAfterDemotion"), "warning");
  useEffect(() => {
    if (kept) tell.current();
  }, [kept]);
  return kept;
}

export default function AdminRoutes() {
  const { user } = useSession();
  const kept = useKeptOnDemotion(user?.role);
  return (
    <AdminLayout>
      <Switch>
        <Route path="/">
          <Redirect to="/dashboard" replace />
        </Route>
        <Route path="/dashboard" component={AdminDashboardPage} />
        <Route path="/admissions" component={AdminAdmissionsPage} />
        <Route path="/admissions/:id/edit" component={AdminEditApplicationPage} />
        <Route path="/admissions/:id/print" component={ApplicationPrintPage} />
        <Route path="/students/:id/id-card" component={AdminStudentIdCardPage} />
        {ADMIN_PAGES.map(([page, Page]) =>
          canSeePage(user?.role, page) || kept === page ? (
            // The studies pages (issue 18) route their own sub-pages (e.g. /exams/12/marks).
            <Route key={page} path={`/${page}`} component={Page} nest={NESTED.has(page)} />
          ) : (
            // A staff member's bookmark of an administrators' page: back to the dashboard, saying why (issue 17).
            <Route key={page} path={`/${page}`} component={AdministratorsOnly} />
          ),
        )}
        {/* An unknown admin page (an old bookmark, a typo) stays in the admin area (issue 14.6). */}
        <Route>
          <Redirect to="/dashboard" replace />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
