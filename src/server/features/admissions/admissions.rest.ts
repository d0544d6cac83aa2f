/** REST paths for admissions: the applicant's (spec part 1 §7) and the admin's (spec part 2 §7). */

import { Hono } from "hono";
import * as v from "valibot";
import { isOffice } from "../../../shared/roles.ts";
import * as schemas from "../../../shared/schemas/admission.ts";
import * as officeSchemas from "../../../shared/schemas/admission-office.ts";
import { badRequest } from "../../platform/errors.ts";
import { type AppContext, type AppEnv, currentAuth, ok, readJson, requestIp, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import {
  type ApplicationAccess,
  admissionStats,
  deleteAdmission,
  getApplication,
  getDocument,
  listAdmissionCourses,
  listAdmissions,
  lookupStatus,
  processAdmission,
  requestAccessCode,
  submitApplication,
  updateApplication,
  validateApplication,
  verifyAccessCode,
} from "./admissions.service.ts";
import { exportAdmissionsCsv, officeApplication } from "./admissions-office.service.ts";

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Unknown application"), v.transform(Number)) });
const meta = (c: AppContext) => ({ ip: requestIp(c) });

/** Multipart fields and files; repeated or array values are not part of this form, so the last one wins. */
async function formOf(c: AppContext): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    try {
      return (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      // A broken multipart body (no boundary, cut off) is the sender's fault: 400, not 500.
      throw badRequest("The form could not be read. Please try again.");
    }
  }
  const json = await readJson(c);
  return json && typeof json === "object" ? (json as Record<string, unknown>) : {};
}

/** An admin's session, or the applicant's access grant (header, or ?access= for <img> and links). */
function accessOf(c: AppContext): ApplicationAccess {
  const auth = c.get("auth");
  if (auth && isOffice(auth.user.role)) return { office: auth.user.id };
  return { accessToken: c.req.header("x-application-access") ?? c.req.query("access") ?? null };
}

async function sendDocument(c: AppContext, doc: { path: string; name: string; mimeType: string }) {
  const file = Bun.file(doc.path);
  if (!(await file.exists())) return c.json({ success: false, message: "Document not found" }, 404);
  const disposition = c.req.query("download") === "1" ? "attachment" : "inline";
  return c.body(file.stream(), 200, {
    "Content-Type": doc.mimeType,
    "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

// Maintenance closes the applicant's side; admins still open documents through these paths (route-policies.ts).
export const admissionRest = new Hono<AppEnv>()
  .post("/submit", async (c) => {
    // An administrator or staff member signed in is entering a walk-in applicant's application (issue 17).
    const auth = c.get("auth");
    const enteredBy = auth && isOffice(auth.user.role) ? auth.user.id : null;
    return ok(c, await submitApplication(c.get("deps"), await formOf(c), meta(c), enteredBy), 201);
  })
  .post("/validate", async (c) => ok(c, await validateApplication(c.get("deps"), await formOf(c))))
  .get("/stats", async (c) => ok(c, await admissionStats(c.get("deps"))))
  .get("/courses", async (c) => ok(c, await listAdmissionCourses(c.get("deps"))))
  .get("/status/:query", async (c) => {
    const { query } = parseInput(schemas.statusLookupInput, { query: c.req.param("query") });
    return ok(c, await lookupStatus(c.get("deps"), query, meta(c)));
  })
  .post("/access-code", async (c) => {
    const { email } = parseInput(schemas.accessCodeRequestInput, await readJson(c));
    return ok(c, await requestAccessCode(c.get("deps"), email, meta(c)));
  })
  .post("/access-code/verify", async (c) =>
    ok(c, await verifyAccessCode(c.get("deps"), parseInput(schemas.accessCodeVerifyInput, await readJson(c)), meta(c))),
  )
  .get("/application/:id", async (c) => {
    const { id } = parseInput(idParam, c.req.param());
    return ok(c, await getApplication(c.get("deps"), id, accessOf(c)));
  })
  .get("/application/:id/documents/:kind", async (c) => {
    const { id } = parseInput(idParam, { id: c.req.param("id") });
    const thumbnail = c.req.query("size") === "thumb";
    return sendDocument(c, await getDocument(c.get("deps"), id, c.req.param("kind"), accessOf(c), thumbnail));
  })
  .put("/update/:id", async (c) => {
    const { id } = parseInput(idParam, c.req.param());
    return ok(c, await updateApplication(c.get("deps"), id, await formOf(c), accessOf(c)));
  });

export const adminAdmissionRest = new Hono<AppEnv>()
  .use(requireRole("office"))
  .get("/", async (c) => ok(c, await listAdmissions(c.get("deps"), parseInput(schemas.admissionListQuery, c.req.query()))))
  .post("/process", async (c) => {
    const input = parseInput(schemas.processAdmissionInput, await readJson(c));
    return ok(c, await processAdmission(c.get("deps"), currentAuth(c).user.id, input, meta(c)));
  })
  .get("/export.csv", async (c) => {
    const query = parseInput(officeSchemas.admissionExportQuery, c.req.query());
    const { filename, csv } = await exportAdmissionsCsv(c.get("deps"), currentAuth(c).user.id, query, meta(c));
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` });
  })
  .get("/:id", async (c) => {
    const { id } = parseInput(idParam, c.req.param());
    return ok(c, await officeApplication(c.get("deps"), id));
  })
  .delete("/:id", requireRole("admin"), async (c) => {
    const { id } = parseInput(idParam, c.req.param());
    return ok(c, await deleteAdmission(c.get("deps"), currentAuth(c).user.id, id, meta(c)));
  });
