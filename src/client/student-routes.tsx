/**
 * The student portal's routes (spec part 1 §2): its layout and pages, each a lazy chunk, with the portal's
 * stylesheets. routes.tsx loads this module once RequireRole has let a student in.
 */
import { lazy } from "react";
import { Redirect, Route, Switch } from "wouter";
import studentStylesheet from "./features/student/student.css" with { type: "file" };
import portalStylesheet from "./layouts/portal.css" with { type: "file" };
import { withStylesheets } from "./lib/stylesheets.ts";

const StudentLayout = lazy(() => withStylesheets(import("./layouts/student-layout.tsx"), [portalStylesheet, studentStylesheet]));
const StudentDashboardPage = lazy(() => import("./features/student/dashboard-page.tsx"));
const StudentPortalPages = () => import("./features/student/portal-pages.ts");
const StudentPlaceholderPage = lazy(() => StudentPortalPages().then((m) => ({ default: m.PlaceholderPage })));
const StudentNotificationsPage = lazy(() => StudentPortalPages().then((m) => ({ default: m.NotificationsPage })));
const StudentProfilePage = lazy(() => import("./features/student/profile-page.tsx"));
const StudentIdCardPage = lazy(() => import("./features/student/id-card-page.tsx"));
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
        <Route path="/courses">
          <StudentPlaceholderPage page="courses" />
        </Route>
        <Route path="/library">
          <StudentPlaceholderPage page="library" />
        </Route>
        <Route path="/exams">
          <StudentPlaceholderPage page="exams" />
        </Route>
        <Route path="/notifications" component={StudentNotificationsPage} />
        <Route path="/help">
          <StudentPlaceholderPage page="help" />
        </Route>
        <Route>
          <Redirect to="~/" replace />
        </Route>
      </Switch>
    </StudentLayout>
  );
}
