/**
 * The route table and its guards (spec part 1 §2, part 2 §2), in one place. Every page and both portal
 * layouts are lazy chunks, so the public site loads no student or admin code.
 */
import { lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import HomePage from "./features/site/home-page.tsx";
import { LoadingView } from "./layouts/loading-view.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { dashboardPath, useSession } from "./lib/session.tsx";
import type { Role } from "./lib/trpc.ts";

const PublicPlaceholderPage = lazy(() => import("./features/site/placeholder-page.tsx"));
const LoginPage = lazy(() => import("./features/auth/login-page.tsx"));
const AuthPlaceholderPage = lazy(() => import("./features/auth/placeholder-page.tsx"));

const StudentLayout = lazy(() => import("./layouts/student-layout.tsx"));
const StudentDashboardPage = lazy(() => import("./features/student/dashboard-page.tsx"));
const StudentPlaceholderPage = lazy(() => import("./features/student/placeholder-page.tsx"));

const AdminLayout = lazy(() => import("./layouts/admin-layout.tsx"));
const AdminDashboardPage = lazy(() => import("./features/admin/dashboard-page.tsx"));
const AdminPlaceholderPage = lazy(() => import("./features/admin/placeholder-page.tsx"));

/** Signed-in users have no business on the login and reset pages: off to their own dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === "loading") return <LoadingView />;
  if (user) return <Redirect to={dashboardPath(user.role)} replace />;
  return children;
}

/** The portal areas: nobody signed in, or the wrong role, goes to /login. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { status, user } = useSession();
  if (status === "loading") return <LoadingView />;
  if (!user || user.role !== role) return <Redirect to="~/login" replace />;
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
          <Route path="/profile">
            <StudentPlaceholderPage page="profile" />
          </Route>
          <Route path="/id-card">
            <StudentPlaceholderPage page="id-card" />
          </Route>
          <Route path="/settings">
            <StudentPlaceholderPage page="settings" />
          </Route>
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

const ADMIN_PLACEHOLDERS = [
  "admissions",
  "students",
  "contacts",
  "courses",
  "library",
  "exams",
  "help",
  "gallery",
  "analytics",
  "notifications",
  "settings",
  "activity",
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
          {ADMIN_PLACEHOLDERS.map((page) => (
            <Route key={page} path={`/${page}`}>
              <AdminPlaceholderPage page={page} />
            </Route>
          ))}
          <Route>
            <Redirect to="~/" replace />
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
        <Route path="/about">
          <PublicPlaceholderPage page="about" />
        </Route>
        <Route path="/gallery">
          <PublicPlaceholderPage page="gallery" />
        </Route>
        <Route path="/contact">
          <PublicPlaceholderPage page="contact" />
        </Route>
        <Route path="/admission">
          <PublicPlaceholderPage page="admission" />
        </Route>
        <Route path="/admission-status">
          <PublicPlaceholderPage page="admission-status" />
        </Route>
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
            <AuthPlaceholderPage page="forgot-password" />
          </GuestOnly>
        </Route>
        <Route path="/verify-otp">
          <GuestOnly>
            <AuthPlaceholderPage page="verify-otp" />
          </GuestOnly>
        </Route>
        <Route path="/reset-password">
          <GuestOnly>
            <AuthPlaceholderPage page="reset-password" />
          </GuestOnly>
        </Route>
        <Route path="/student" nest component={StudentArea} />
        <Route path="/admin" nest component={AdminArea} />
        <Route component={PublicArea} />
      </Switch>
    </Suspense>
  );
}
