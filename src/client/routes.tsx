/**
 * The route table and its guards (spec part 1 §2, part 2 §2), in one place. Every page and both portal
 * layouts are lazy chunks, so the public site loads no student or admin code; the portal layouts bring
 * their stylesheets with them (lib/stylesheets.ts), so it loads no portal CSS either.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import admissionsStylesheet from "./features/admissions/admissions-admin.css" with { type: "file" };
import analyticsStylesheet from "./features/analytics/analytics.css" with { type: "file" };
import catalogueStylesheet from "./features/catalogue/catalogue.css" with { type: "file" };
import contactsStylesheet from "./features/contacts/contacts-admin.css" with { type: "file" };
import dashboardStylesheet from "./features/dashboard/dashboard.css" with { type: "file" };
import galleryStylesheet from "./features/gallery/gallery-admin.css" with { type: "file" };
import notificationsStylesheet from "./features/notifications/notifications.css" with { type: "file" };
import settingsStylesheet from "./features/settings/settings.css" with { type: "file" };
import HomePage from "./features/site/home-page.tsx";
import studentStylesheet from "./features/student/student.css" with { type: "file" };
import studentsStylesheet from "./features/students/students.css" with { type: "file" };
import ticketsStylesheet from "./features/tickets/tickets.css" with { type: "file" };
import adminStylesheet from "./layouts/admin.css" with { type: "file" };
import { LoadingView } from "./layouts/loading-view.tsx";
import portalStylesheet from "./layouts/portal.css" with { type: "file" };
import { PublicLayout } from "./layouts/public-layout.tsx";
import { afterSignInPath, loginPathFor, useSession } from "./lib/session.tsx";
import { withStylesheets } from "./lib/stylesheets.ts";
import type { Role } from "./lib/trpc.ts";

const AboutPage = lazy(() => import("./features/site/about-page.tsx"));
const GalleryPage = lazy(() => import("./features/gallery/gallery-page.tsx"));
const ContactPage = lazy(() => import("./features/contacts/contact-page.tsx"));
const AdmissionPage = lazy(() => import("./features/admissions/admission-page.tsx"));
const AdmissionStatusPage = lazy(() => import("./features/admissions/admission-status-page.tsx"));
const LoginPage = lazy(() => import("./features/auth/login-page.tsx"));
const ForgotPasswordPage = lazy(() => import("./features/auth/forgot-password-page.tsx"));
const VerifyOtpPage = lazy(() => import("./features/auth/verify-otp-page.tsx"));
const ResetPasswordPage = lazy(() => import("./features/auth/reset-password-page.tsx"));
const FirstLoginPage = lazy(() => import("./features/auth/first-login-page.tsx"));
const ChangePasswordPage = lazy(() => import("./features/auth/change-password-page.tsx"));

const StudentLayout = lazy(() => withStylesheets(import("./layouts/student-layout.tsx"), [portalStylesheet, studentStylesheet]));
const StudentDashboardPage = lazy(() => import("./features/student/dashboard-page.tsx"));
const StudentPlaceholderPage = lazy(() => import("./features/student/placeholder-page.tsx"));
const StudentProfilePage = lazy(() => import("./features/student/profile-page.tsx"));
const StudentIdCardPage = lazy(() => import("./features/student/id-card-page.tsx"));
const StudentSettingsPage = lazy(() => import("./features/student/settings-page.tsx"));
const VerifyCardPage = lazy(() => import("./features/verify/verify-page.tsx"));

const AdminLayout = lazy(() => withStylesheets(import("./layouts/admin-layout.tsx"), [portalStylesheet, adminStylesheet]));
/** An admin page with its area's stylesheet (features/<area>/*.css), on top of the layout's layouts/admin.css. */
const adminPage = (code: () => Promise<{ default: ComponentType }>, stylesheet: string) =>
  lazy(() => withStylesheets(code(), [stylesheet]));
const AdminDashboardPage = adminPage(() => import("./features/dashboard/dashboard-page.tsx"), dashboardStylesheet);
const AdminAdmissionsPage = adminPage(() => import("./features/admissions/admin-admissions-page.tsx"), admissionsStylesheet);
const AdminStudentsPage = adminPage(() => import("./features/students/students-page.tsx"), studentsStylesheet);
const AdminContactsPage = adminPage(() => import("./features/contacts/admin-contacts-page.tsx"), contactsStylesheet);
const AdminNotificationsPage = adminPage(() => import("./features/notifications/notifications-page.tsx"), notificationsStylesheet);
const AdminActivityPage = adminPage(() => import("./features/dashboard/activity-page.tsx"), dashboardStylesheet);
const AdminGalleryPage = adminPage(() => import("./features/gallery/admin-gallery-page.tsx"), galleryStylesheet);
const AdminSettingsPage = adminPage(() => import("./features/settings/settings-page.tsx"), settingsStylesheet);
const AdminHelpPage = adminPage(() => import("./features/tickets/help-page.tsx"), ticketsStylesheet);
const AdminAnalyticsPage = adminPage(() => import("./features/analytics/analytics-page.tsx"), analyticsStylesheet);
const AdminCoursesPage = adminPage(() => import("./features/catalogue/courses-page.tsx"), catalogueStylesheet);
const AdminLibraryPage = adminPage(() => import("./features/catalogue/library-page.tsx"), catalogueStylesheet);
const AdminExamsPage = adminPage(() => import("./features/catalogue/exams-page.tsx"), catalogueStylesheet);

/** Signed-in users have no business on the login and reset pages: off to their own dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const next = new URLSearchParams(useSearch()).get("next");
  if (status === "loading") return <LoadingView />;
  // Just signed in (or already): back to the page they asked for, if it is in their own portal.
  if (user) return <Redirect to={afterSignInPath(user.role, next)} replace />;
  return children;
}

/** The page asked for, from the root (inside a nested area wouter's location is relative to its base). */
function useRequestedPath() {
  const [location] = useLocation();
  const search = useSearch();
  const { base } = useRouter();
  return `${base}${location}${search ? `?${search}` : ""}`;
}

/**
 * The portal areas: nobody signed in, or the wrong role, goes to /login. An account that must change its
 * password first (docs/decisions/004) goes to /change-password: the server refuses its other calls.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { status, user, signedOut } = useSession();
  const requested = useRequestedPath();
  if (status === "loading") return <LoadingView />;
  if (!user || user.role !== role) return <Redirect to={`~${signedOut ? "/login" : loginPathFor(requested)}`} replace />;
  if (user.mustChangePassword) return <Redirect to="~/change-password" replace />;
  return children;
}

/** Pages for anyone signed in, whatever the role (the password change); guests go to /login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === "loading") return <LoadingView />;
  if (!user) return <Redirect to="~/login" replace />;
  return children;
}

function StudentArea() {
  return (
    <RequireRole role="student">
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
          <Route path="/notifications">
            <StudentPlaceholderPage page="notifications" />
          </Route>
          <Route path="/help">
            <StudentPlaceholderPage page="help" />
          </Route>
          <Route>
            <Redirect to="~/" replace />
          </Route>
        </Switch>
      </StudentLayout>
    </RequireRole>
  );
}

const ADMIN_PAGES = [
  ["students", AdminStudentsPage],
  ["contacts", AdminContactsPage],
  ["courses", AdminCoursesPage],
  ["library", AdminLibraryPage],
  ["exams", AdminExamsPage],
  ["help", AdminHelpPage],
  ["gallery", AdminGalleryPage],
  ["analytics", AdminAnalyticsPage],
  ["notifications", AdminNotificationsPage],
  ["settings", AdminSettingsPage],
  ["activity", AdminActivityPage],
] as const;

function AdminArea() {
  return (
    <RequireRole role="admin">
      <AdminLayout>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          <Route path="/dashboard" component={AdminDashboardPage} />
          <Route path="/admissions" component={AdminAdmissionsPage} />
          {ADMIN_PAGES.map(([page, Page]) => (
            <Route key={page} path={`/${page}`} component={Page} />
          ))}
          {/* An unknown admin page (an old bookmark, a typo) stays in the admin area (issue 14.6). */}
          <Route>
            <Redirect to="/dashboard" replace />
          </Route>
        </Switch>
      </AdminLayout>
    </RequireRole>
  );
}

function PublicArea() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/gallery" component={GalleryPage} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/admission" component={AdmissionPage} />
        <Route path="/admission-status" component={AdmissionStatusPage} />
        <Route path="/verify/:token" component={VerifyCardPage} />
        {/* Anything else goes home (spec part 1 §2). */}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </PublicLayout>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Switch>
        <Route path="/login">
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        </Route>
        <Route path="/forgot-password">
          <GuestOnly>
            <ForgotPasswordPage />
          </GuestOnly>
        </Route>
        <Route path="/verify-otp">
          <GuestOnly>
            <VerifyOtpPage />
          </GuestOnly>
        </Route>
        <Route path="/reset-password">
          <GuestOnly>
            <ResetPasswordPage />
          </GuestOnly>
        </Route>
        <Route path="/first-login">
          <GuestOnly>
            <FirstLoginPage />
          </GuestOnly>
        </Route>
        <Route path="/change-password">
          <RequireSignedIn>
            <ChangePasswordPage />
          </RequireSignedIn>
        </Route>
        <Route path="/student" nest component={StudentArea} />
        <Route path="/admin" nest component={AdminArea} />
        <Route component={PublicArea} />
      </Switch>
    </Suspense>
  );
}
