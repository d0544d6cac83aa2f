import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { BaseLocationHook } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { MSG } from "../shared/messages.ts";
import { App } from "./app.tsx";
import { ApiError } from "./lib/errors.ts";
import { afterSignInPath, loginPathFor, type SessionApi } from "./lib/session.tsx";
import {
  ADMIN,
  fakeTrpcFetch,
  SITE_INFO,
  STUDENT,
  storeSession,
  stubSessionApi,
  TrpcFailure,
  withClientTestRules,
} from "./lib/testing.tsx";

withClientTestRules();

/**
 * Renders the whole app at `path` in memory; the session's server calls are stubbed. `visited` lists
 * every navigation, including the redirects that replaced each other.
 */
function renderAt(
  path: string,
  sessionApi: SessionApi = stubSessionApi().api,
  handlers: Parameters<typeof fakeTrpcFetch>[0] = { "site.info": () => SITE_INFO },
) {
  const location = memoryLocation({ path });
  const visited = [path];
  const hook: BaseLocationHook = Object.assign(
    (): [string, (to: string, options?: { replace?: boolean }) => void] => {
      const [current, navigate] = location.hook();
      return [current, (to, options) => (visited.push(to), navigate(to, options))];
    },
    { searchHook: location.searchHook },
  );
  const { fetch } = fakeTrpcFetch(handlers);
  const expiryRedirects: string[] = [];
  render(
    <App
      sessionApi={sessionApi}
      locationHook={hook}
      fetch={fetch}
      currentPath={() => visited.at(-1)!}
      navigate={(to) => (expiryRedirects.push(to), location.navigate(to))}
    />,
  );
  return { history: visited, current: () => visited.at(-1), expiryRedirects, go: location.navigate };
}

const verifiedAs = (user: typeof STUDENT) => stubSessionApi({ me: async () => ({ user }) }).api;

describe("guards", () => {
  test("a guest opening /admin/dashboard ends at the login form on its Admin tab (walk 17)", async () => {
    const { current } = renderAt("/admin/dashboard");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(current()).toBe("/login?next=%2Fadmin%2Fdashboard");
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("a guest opening an admin page ends at the login form on its Admin tab, which remembers the page (walk 17)", async () => {
    renderAt("/admin/students");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(screen.getByRole("button", { name: "Admin" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("a guest opening a student page ends at /login, which remembers the page", async () => {
    const { current } = renderAt("/student/profile");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(current()).toBe("/login?next=%2Fstudent%2Fprofile");
  });

  test("after signing in the user returns to the page they asked for, query included (issue 14.6)", async () => {
    const { current } = renderAt("/admin/students?search=asha&page=2", stubSessionApi().api, {
      "site.info": () => SITE_INFO,
      "auth.adminLogin": () => ({ token: "admin-token", user: ADMIN }),
    });
    await screen.findByRole("heading", { name: "Sign in" });
    expect(current()).toBe(`/login?next=${encodeURIComponent("/admin/students?search=asha&page=2")}`);
    fireEvent.click(screen.getByRole("button", { name: "Admin" }));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "admin@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Secret123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(current()).toBe("/admin/students?search=asha&page=2"));
  });

  test.each([
    ["another portal", "/login?next=%2Fadmin%2Fstudents"],
    ["another site", "/login?next=https%3A%2F%2Fevil.example%2F"],
    ["a protocol-relative address", "/login?next=%2F%2Fevil.example%2Fstudent%2Fprofile"],
    ["a backslash trick", "/login?next=%2Fstudent%2F%5C%5Cevil.example"],
  ])("a ?next= into %s is ignored: the student lands on their dashboard", async (_case, path) => {
    storeSession(STUDENT);
    const { current } = renderAt(path, verifiedAs(STUDENT));
    await screen.findByText("Welcome back, Priya!");
    expect(current()).toBe("/student/dashboard");
  });

  test("a student on an admin page is sent to /login, which then sends them on to their own dashboard", async () => {
    storeSession(STUDENT);
    const { history, current } = renderAt("/admin/students", verifiedAs(STUDENT));
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(history).toContain("/login?next=%2Fadmin%2Fstudents");
    expect(current()).toBe("/student/dashboard");
    expect(screen.queryByText(/Good (Morning|Afternoon|Evening|Night)/)).toBeNull();
  });

  test("an admin on a student page is sent to /login and on to /admin/dashboard", async () => {
    storeSession(ADMIN);
    const { history, current } = renderAt("/student/dashboard", verifiedAs(ADMIN));
    await screen.findByText(/Good (Morning|Afternoon|Evening|Night), Asha/);
    expect(history).toContain("/login");
    expect(history.some((p) => p.includes("next="))).toBe(false);
    expect(current()).toBe("/admin/dashboard");
  });

  test("a signed-in admin opening /login goes to /admin/dashboard", async () => {
    storeSession(ADMIN);
    const { current } = renderAt("/login", verifiedAs(ADMIN));
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(current()).toBe("/admin/dashboard");
    expect(screen.getByText("Welcome back, Asha!")).toBeTruthy();
  });

  test("a signed-in student opening a guest page goes to /student/dashboard", async () => {
    storeSession(STUDENT);
    const { current } = renderAt("/forgot-password", verifiedAs(STUDENT));
    await screen.findByText("Welcome back, Priya!");
    expect(current()).toBe("/student/dashboard");
  });

  test("while the session is being checked, a loading view shows instead of the page", async () => {
    localStorage.setItem("token", "tok-without-user");
    let answer!: (value: { user: typeof STUDENT }) => void;
    const api = stubSessionApi({ me: () => new Promise((resolve) => (answer = resolve)) }).api;
    const { current } = renderAt("/student/dashboard", api);
    expect(screen.getByRole("status").textContent).toContain("Loading");
    expect(current()).toBe("/student/dashboard");
    answer({ user: STUDENT });
    await screen.findByText("Welcome back, Priya!");
  });

  test("a stored session the server rejects ends at /login", async () => {
    storeSession(STUDENT, "revoked");
    const api = stubSessionApi({
      me: async () => {
        throw new ApiError("Please log in to continue", 401);
      },
    }).api;
    const { current } = renderAt("/student/dashboard", api);
    await screen.findByRole("heading", { name: "Sign in" });
    expect(current()).toBe("/login");
  });
});

describe("a 401 from any call", () => {
  const rejectEverything = { "site.info": () => new TrpcFailure("Please log in to continue", 401) };

  /** The sign-in dialog over the page (queried inside it: role queries over a whole portal page are slow). */
  const signInAgainDialog = async () => {
    await waitFor(() => expect(document.querySelector("dialog.sign-in-again")).not.toBeNull(), { timeout: 3000 });
    return within(document.querySelector<HTMLElement>("dialog.sign-in-again")!);
  };

  test("on a portal page in use, the page stays under a sign-in dialog: no redirect, nothing cleared but the token (decision 024)", async () => {
    storeSession(ADMIN);
    const { current, expiryRedirects } = renderAt("/admin/dashboard", verifiedAs(ADMIN), rejectEverything);
    const dialog = await signInAgainDialog();
    dialog.getByRole("heading", { name: "Sign in again" });
    dialog.getByText(/this page and what you typed stay as they are/);
    await act(() => Bun.sleep(150));
    expect(current()).toBe("/admin/dashboard");
    expect(expiryRedirects).toEqual([]);
    expect(screen.getByText("Welcome back, Asha!")).toBeTruthy();
    // The dead token stays stored until a sign-in or sign-out (other tabs learn from their own calls).
    expect(localStorage.getItem("token")).toBe("stored-token");
    // Signing in again, its two steps and its refusals: layouts/sign-in-again.test.tsx.
  });

  test("'Not you? Sign out' in the dialog ends the session the usual way, at /login", async () => {
    storeSession(STUDENT);
    const { current } = renderAt("/student/dashboard", verifiedAs(STUDENT), rejectEverything);
    const dialog = await signInAgainDialog();
    fireEvent.click(dialog.getByRole("button", { name: "Not you? Sign out" }));
    await screen.findByRole("heading", { name: "Sign in" });
    expect(current()).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
  });

  test("before the server accepted the stored session, a 401 clears it and leads to /login (spec part 1 §8)", async () => {
    storeSession(ADMIN);
    const { current, expiryRedirects } = renderAt(
      "/admin/dashboard",
      stubSessionApi({ me: () => new Promise(() => {}) }).api,
      rejectEverything,
    );
    await screen.findByRole("heading", { name: "Sign in" });
    // (on its Admin tab: it was the admin dashboard)
    expect(current()).toBe("/login?next=%2Fadmin%2Fdashboard");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    // Why the session ended is said on the login page.
    expect(screen.getByText(MSG.sessionExpired)).toBeTruthy();
    await waitFor(() => expect(expiryRedirects).toEqual(["/login?next=%2Fadmin%2Fdashboard"]));
  });

  test("on the home page it leaves the session alone", async () => {
    storeSession(STUDENT);
    const { current, expiryRedirects } = renderAt("/", verifiedAs(STUDENT), rejectEverything);
    await screen.findByRole("link", { name: "Apply for Admission" });
    await act(() => Bun.sleep(150));
    expect(current()).toBe("/");
    expect(expiryRedirects).toEqual([]);
    expect(localStorage.getItem("token")).toBe("stored-token");
  });
});

describe("moving between pages", () => {
  test("a link to another page opens it at its top; the first page, a change of query and Back keep their place", async () => {
    const scrolled: unknown[][] = [];
    const real = window.scrollTo;
    window.scrollTo = ((...args: unknown[]) => void scrolled.push(args)) as typeof window.scrollTo;
    try {
      const { go } = renderAt("/about");
      /** Back, as the browser does it: the address changes, then popstate. */
      const back = (to: string) => {
        history.replaceState(null, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
        go(to);
      };
      await screen.findByRole("heading", { level: 1 });
      expect(scrolled).toEqual([]);
      act(() => go("/contact"));
      expect(scrolled).toEqual([[{ top: 0, behavior: "instant" }]]);
      act(() => go("/contact?subject=admission"));
      expect(scrolled).toHaveLength(1);
      act(() => back("/about"));
      expect(scrolled).toHaveLength(1);
      act(() => go("/gallery"));
      expect(scrolled).toEqual([[{ top: 0, behavior: "instant" }], [{ top: 0, behavior: "instant" }]]);
      // A Back that changes only the query keeps the place, and leaves the next new page opening at its top.
      act(() => go("/gallery?category=campus"));
      act(() => back("/gallery"));
      expect(scrolled).toHaveLength(2);
      act(() => go("/contact"));
      expect(scrolled).toHaveLength(3);
    } finally {
      window.scrollTo = real;
      history.replaceState(null, "", "/");
    }
  });
});

describe("focus on a new page", () => {
  // (That a link that stays in sight keeps the focus is checked in Chromium, public-site.e2e.ts: happy-dom lays
  // nothing out, so every element reads as hidden here.)
  test("focus that left with the old page (its link is gone) goes to the new page's main region (seventh walk)", async () => {
    const { go } = renderAt("/about");
    await screen.findByRole("heading", { level: 1 });
    // The link that was pressed went with its page: focus is on the body.
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => go("/contact"));
    expect(document.activeElement).toBe(document.getElementById("main"));
  });
});

describe("route table", () => {
  test("an unknown path redirects to /", async () => {
    const { current } = renderAt("/no/such/page");
    await screen.findByRole("link", { name: "Apply for Admission" });
    expect(current()).toBe("/");
  });

  test("an unknown page inside the admin area lands on the admin dashboard (issue 14.6)", async () => {
    storeSession(ADMIN);
    const { current } = renderAt("/admin/no-such-page", verifiedAs(ADMIN));
    await screen.findByText("Welcome back, Asha!");
    expect(current()).toBe("/admin/dashboard");
  });

  test("an unknown page inside the student area also goes to /", async () => {
    storeSession(STUDENT);
    const { current } = renderAt("/student/nowhere", verifiedAs(STUDENT));
    await screen.findByRole("link", { name: "Apply for Admission" });
    expect(current()).toBe("/");
  });

  test("the area indexes redirect to their dashboards", async () => {
    storeSession(STUDENT);
    const { current } = renderAt("/student", verifiedAs(STUDENT));
    await screen.findByText("Welcome back, Priya!");
    expect(current()).toBe("/student/dashboard");
  });

  test("the admin index redirects to the dashboard", async () => {
    storeSession(ADMIN);
    const { current } = renderAt("/admin/", verifiedAs(ADMIN));
    await screen.findByText("Welcome back, Asha!");
    expect(current()).toBe("/admin/dashboard");
  });

  test.each([
    ["/about", "About Us"],
    ["/gallery", "Gallery"],
    ["/contact", "Contact Us"],
  ])("the public page %s opens inside the public layout with its own title", async (path, heading) => {
    const { current } = renderAt(path);
    await screen.findByRole("heading", { level: 1, name: heading });
    expect(current()).toBe(path);
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${heading} – ${SITE_INFO.name}`));
  });

  test.each([["/student/courses", "My courses"]])(
    "the studies page %s opens inside the student portal (issue 18)",
    async (path, heading) => {
      storeSession(STUDENT);
      renderAt(path, verifiedAs(STUDENT));
      await screen.findByRole("heading", { level: 1, name: heading });
      expect(screen.getByRole("navigation", { name: "Student portal" })).toBeTruthy();
    },
  );
});

describe("sign-in return paths (issue 14.6)", () => {
  test("loginPathFor keeps portal pages, drops the student's dashboard and anything that is not a portal path", () => {
    expect(loginPathFor("/student/id-card")).toBe("/login?next=%2Fstudent%2Fid-card");
    expect(loginPathFor("/admin/admissions?status=pending")).toBe("/login?next=%2Fadmin%2Fadmissions%3Fstatus%3Dpending");
    for (const path of ["/student/dashboard", "/student/", "/about", "//evil.example/admin/x", "/admin/x<script>", "/admin//x"]) {
      expect([path, loginPathFor(path)]).toEqual([path, "/login"]);
    }
    // The admin dashboard too: the login page opens on its Admin tab for an admin page (walk 17).
    expect(loginPathFor("/admin/dashboard")).toBe("/login?next=%2Fadmin%2Fdashboard");
  });

  test("afterSignInPath accepts only the user's own portal", () => {
    expect(afterSignInPath("admin", "/admin/gallery")).toBe("/admin/gallery");
    expect(afterSignInPath("student", "/admin/gallery")).toBe("/student/dashboard");
    expect(afterSignInPath("admin", "https://evil.example/admin/x")).toBe("/admin/dashboard");
    expect(afterSignInPath("admin", null)).toBe("/admin/dashboard");
    // Staff share the admin area (issue 17); the student portal is not theirs.
    expect(afterSignInPath("staff", "/admin/students?page=2")).toBe("/admin/students?page=2");
    expect(afterSignInPath("staff", "/student/profile")).toBe("/admin/dashboard");
    expect(afterSignInPath("student", "/student/profile")).toBe("/student/profile");
  });
});
