import { describe, expect, test } from "bun:test";
import { allowedBeforePasswordChange, bodyLimitFor, closedInMaintenance, isSharedPublicRead, JSON_BODY_LIMIT } from "./route-policies.ts";

describe("the route policy table (issue 15)", () => {
  test("body limits: files get room, everything else 1 MB; each names its largest file", () => {
    const max = (path: string) => bodyLimitFor(path).maxBytes;
    const file = (path: string) => bodyLimitFor(path).fileMaxBytes;
    expect(max("/api/auth/admin/login")).toBe(JSON_BODY_LIMIT);
    expect(file("/api/auth/admin/login")).toBeNull();
    expect(max("/api/admission/submit")).toBeGreaterThan(20 * 1024 * 1024);
    expect(file("/api/admission/submit")).toBe(5 * 1024 * 1024);
    expect(max("/api/gallery/upload")).toBeGreaterThan(max("/api/admission/submit"));
    expect(max("/api/student/profile/photo")).toBe(max("/api/admission/submit"));
    // PDFs the office uploads and students hand in (issues 17 and 18): larger than a JSON body.
    expect(max("/api/admin/programmes/12/syllabus")).toBe(11 * 1024 * 1024);
    expect(max("/api/admin/content/brochure")).toBe(16 * 1024 * 1024);
    expect(max("/api/studies/materials")).toBe(21 * 1024 * 1024);
    expect(file("/api/studies/materials")).toBe(20 * 1024 * 1024);
    expect(max("/api/studies/assignments/7/submission")).toBe(11 * 1024 * 1024);
    expect(file("/api/studies/assignments/7/submission")).toBe(10 * 1024 * 1024);
    expect(max("/api/library/eresources")).toBe(26 * 1024 * 1024);
    expect(max("/api/fees/instalments/7/upi")).toBe(6 * 1024 * 1024);
    expect(max("/api/fees/instalments/7/upi/x")).toBe(JSON_BODY_LIMIT);
    expect(max("/api/library/eresources/3/file")).toBe(26 * 1024 * 1024);
  });

  test("maintenance closes the public site's paths, not the admin's nor an ID card's check", () => {
    for (const p of ["/api/public/news", "/api/public/contact", "/api/gallery", "/api/gallery/", "/api/admission/submit"]) {
      expect([p, closedInMaintenance(p, false)]).toEqual([p, true]);
    }
    for (const p of [
      "/api/public/admin/contacts",
      "/api/public/verify/abc",
      "/api/gallery/upload",
      "/api/admin/students",
      "/api/auth/me",
    ]) {
      expect([p, closedInMaintenance(p, false)]).toEqual([p, false]);
    }
    // Admins still open applicants' documents.
    expect(closedInMaintenance("/api/admission/application/3", true)).toBe(false);
    expect(closedInMaintenance("/api/public/news", true)).toBe(true);
  });

  test("before a required password change: only me, sign out and the change itself", () => {
    expect(allowedBeforePasswordChange("rest", "/api/auth/change-password")).toBe(true);
    expect(allowedBeforePasswordChange("rest", "/api/student/profile")).toBe(false);
    expect(allowedBeforePasswordChange("trpc", "auth.changePassword")).toBe(true);
    expect(allowedBeforePasswordChange("trpc", "student.profile")).toBe(false);
  });

  test("shared reads: public lists and a tRPC batch made only of them", () => {
    expect(isSharedPublicRead("/api/public/news")).toBe(true);
    expect(isSharedPublicRead("/api/trpc/site.info,site.news")).toBe(true);
    expect(isSharedPublicRead("/api/trpc/site.info,auth.me")).toBe(false);
  });
});
