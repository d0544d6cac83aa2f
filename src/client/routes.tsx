/**
 * The route table and its guards (spec part 1 §2, part 2 §2), in one place. Every page and both portal
 * layouts are lazy chunks, so the public site loads no student or admin code; the portal layouts bring
 * their stylesheets with them (lib/stylesheets.ts), so it loads no portal CSS either.
 */
import { Fragment, lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import HomePage from "./features/site/home-page.tsx";
import { LoadingView } from "./layouts/loading-view.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { focusMain } from "./lib/main-focus.ts";
import { afterSignInPath, loginPathFor, portalOf, useSession } from "./lib/session.tsx";

const AboutPage = lazy(() => import("./features/site/about-page.tsx"));
const GalleryPage = lazy(() => import("./features/gallery/gallery-page.tsx"));
const ContactPage = lazy(() => import("./features/contacts/contact-page.tsx"));
const AdmissionPage = lazy(() => import("./features/admissions/admission-page.tsx"));
const AdmissionStatusPage = lazy(() => import("./features/admissions/admission-status-page.tsx"));
const LoginPage = lazy(() => import("./features/auth/login-page.tsx"));
const accountPages = () => import("./features/auth/account-pages.ts");
const ForgotPasswordPage = lazy(() => accountPages().then((m) => ({ default: m.ForgotPasswordPage })));
const VerifyOtpPage = lazy(() => accountPages().then((m) => ({ default: m.VerifyOtpPage })));
const ResetPasswordPage = lazy(() => accountPages().then((m) => ({ default: m.ResetPasswordPage })));
const FirstLoginPage = lazy(() => accountPages().then((m) => ({ default: m.FirstLoginPage })));
const ChangePasswordPage = lazy(() => accountPages().then((m) => ({ default: m.ChangePasswordPage })));

const VerifyCardPage = lazy(() => import("./features/verify/verify-page.tsx"));
// The catalogue's two pages and the FAQs share one chunk (each chunk is an entry in the main script's chunk map).
const contentPages = () => import("./features/site/content-pages.ts");
const ProgrammesPage = lazy(() => contentPages().then((m) => ({ default: m.ProgrammesPage })));
const ProgrammePage = lazy(() => contentPages().then((m) => ({ default: m.ProgrammePage })));
const FaqPage = lazy(() => contentPages().then((m) => ({ default: m.FaqPage })));

/** The portals' route tables: lazy chunks of their own, fetched once the guard lets the user in. */
const StudentRoutes = lazy(() => import("./student-routes.tsx"));
const AdminRoutes = lazy(() => import("./admin-routes.tsx"));

function StudentArea() {
  return (
    <RequireRole portal="student">
      <StudentRoutes />
    </RequireRole>
  );
}

function AdminArea() {
  return (
    <RequireRole portal="admin">
      <AdminRoutes />
    </RequireRole>
  );
}

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
export function RequireRole({ portal, children }: { portal: "admin" | "student"; children: ReactNode }) {
  const { status, user, signedOut } = useSession();
  const requested = useRequestedPath();
  if (status === "loading") return <LoadingView />;
  if (!user || portalOf(user.role) !== portal) return <Redirect to={`~${signedOut ? "/login" : loginPathFor(requested)}`} replace />;
  if (user.mustChangePassword) return <Redirect to="~/change-password" replace />;
  // Keyed by the account: when another person's sign-in replaces an expired session (in another tab), the
  // portal starts afresh and nothing the last person typed or loaded stays on the page.
  return <Fragment key={user.id}>{children}</Fragment>;
}

/** Pages for anyone signed in, whatever the role (the password change); guests go to /login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === "loading") return <LoadingView />;
  if (!user) return <Redirect to="~/login" replace />;
  return children;
}

function PublicArea() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/programmes" component={ProgrammesPage} />
        <Route path="/programmes/:slug" component={ProgrammePage} />
        <Route path="/faq" component={FaqPage} />
        <Route path="/gallery" component={GalleryPage} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/admission" component={AdmissionPage} />
        <Route path="/admission-status" component={AdmissionStatusPage} />
        {/* /verify/<token> (ID card) and /verify/admit/<token> (admit card, issue 18): one page module. */}
        <Route path="/verify/*" component={VerifyCardPage} />
        {/* Anything else goes home (spec part 1 §2). */}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </PublicLayout>
  );
}

/** Signing in and getting back into an account: only for someone not signed in (see GuestOnly). */
const GUEST_PAGES = [
  ["/login", LoginPage],
  ["/forgot-password", ForgotPasswordPage],
  ["/verify-otp", VerifyOtpPage],
  ["/reset-password", ResetPasswordPage],
  ["/first-login", FirstLoginPage],
] as const;

// Back and Forward: the browser puts the page back where it was; only a new page opens at its top. The page a
// Back went to is kept (not a flag), so a Back that changed only the query leaves the next link's page at its top.
let poppedTo = "";
window.addEventListener("popstate", () => (poppedTo = location.pathname));

/**
 * A link to another page opens it at its top, at once (wouter changes pages without a load, so the old place
 * would stay; the page's smooth scrolling is for in-page links). Focus that left with the old page or its menu
 * (its link is gone or hidden) goes to the new page's main region, where the skip link leads and the next Tab
 * reads on from.
 */
function NewPageAtTop() {
  const [path] = useLocation();
  const last = useRef(path);
  useEffect(() => {
    if (path !== last.current && path !== poppedTo) window.scrollTo({ top: 0, behavior: "instant" });
    // Gone or hidden with its page or its menu (no offsetParent; the body has none either).
    if (path !== last.current && !(document.activeElement as HTMLElement | null)?.offsetParent) focusMain();
    last.current = path;
    poppedTo = "";
  }, [path]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <NewPageAtTop />
      <Suspense fallback={<LoadingView />}>
        <Switch>
          {GUEST_PAGES.map(([path, Page]) => (
            <Route key={path} path={path}>
              <GuestOnly>
                <Page />
              </GuestOnly>
            </Route>
          ))}
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
    </>
  );
}
