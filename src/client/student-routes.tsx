/**
 * The student portal's routes (spec part 1 §2): its layout and pages, each a lazy chunk, with the portal's
 * stylesheets. routes.tsx loads this module once RequireRole has let a student in.
 */
import { lazy } from "react";
import { Redirect, Route, Switch } from "wouter";
import examsStylesheet from "./features/exams/exams.css" with { type: "file" };
import feesStylesheet from "./features/fees/fees.css" with { type: "file" };
import libraryStylesheet from "./features/library/library.css" with { type: "file" };
import noticesStylesheet from "./features/notices/notices.css" with { type: "file" };
import idCardStylesheet from "./features/student/id-card.css" with { type: "file" };
import studentStylesheet from "./features/student/student.css" with { type: "file" };
import studiesStylesheet from "./features/studies/studies.css" with { type: "file" };
import portalStylesheet from "./layouts/portal.css" with { type: "file" };
import { withStylesheets } from "./lib/stylesheets.ts";
import printSheetStylesheet from "./ui/print-sheet.css" with { type: "file" };

const StudentLayout = lazy(() => withStylesheets(import("./layouts/student-layout.tsx"), [portalStylesheet, studentStylesheet]));
const StudentDashboardPage = lazy(() => import("./features/student/dashboard-page.tsx"));
const StudentPortalPages = () => import("./features/student/portal-pages.ts");
type PortalPages = Awaited<ReturnType<typeof StudentPortalPages>>;
/** A page of the portal-pages chunk, with its area's stylesheet (issue 18's studies pages have their own). */
const portalPage = (name: keyof PortalPages, stylesheets: string[] = []) =>
  lazy(() =>
    withStylesheets(
      StudentPortalPages().then((m) => ({ default: m[name] })),
      stylesheets,
    ),
  );
const StudentNotificationsPage = portalPage("NotificationsPage");
const StudentCoursesPage = portalPage("CoursesPage", [studiesStylesheet]);
// The exams and fees pages print A4 sheets (admit card, marksheet, receipt): the sheet's stylesheet first,
// the area's own on top of it.
const StudentExamsPage = portalPage("ExamsPage", [printSheetStylesheet, examsStylesheet]);
const StudentLibraryPage = portalPage("LibraryPage", [libraryStylesheet]);
const StudentFeesPage = portalPage("FeesPage", [printSheetStylesheet, feesStylesheet]);
const StudentHelpPage = portalPage("HelpPage", [noticesStylesheet]);
const StudentProfilePage = lazy(() => import("./features/student/profile-page.tsx"));
const StudentIdCardPage = lazy(() => withStylesheets(import("./features/student/id-card-page.tsx"), [idCardStylesheet]));
const StudentSettingsPage = lazy(() => import("./features/student/settings-page.tsx"));

export default function StudentRoutes() {
  return (
    <StudentLayout>
      <Switch>
        <Route path="/">
          <Redirect to="/dashboard" replace />
        </Route>
        <Route path="/dashboard" component={StudentDashboardPage} />
        <Route path="/profile" component={StudentProfilePage} />
        <Route path="/id-card" component={StudentIdCardPage} />
        <Route path="/settings" component={StudentSettingsPage} />
        {/* The studies pages are nested: each routes its own sub-pages (e.g. /exams/admit-card). */}
        <Route path="/courses" nest component={StudentCoursesPage} />
        <Route path="/library" nest component={StudentLibraryPage} />
        <Route path="/exams" nest component={StudentExamsPage} />
        <Route path="/fees" nest component={StudentFeesPage} />
        <Route path="/notifications" component={StudentNotificationsPage} />
        <Route path="/help" nest component={StudentHelpPage} />
        <Route>
          <Redirect to="~/" replace />
        </Route>
      </Switch>
    </StudentLayout>
  );
}
