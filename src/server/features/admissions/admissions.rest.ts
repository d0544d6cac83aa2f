/** REST paths for admissions: the applicant's (spec part 1 §7) and the admin's (spec part 2 §7). */

import { Hono } from "hono";
import * as v from "valibot";
import { admission } from "../../../shared/i18n/admission.ts";
import { isOffice } from "../../../shared/roles.ts";
import * as schemas from "../../../shared/schemas/admission.ts";
import * as officeSchemas from "../../../shared/schemas/admission-office.ts";
import { recordId } from "../../../shared/schemas/common.ts";
import {
  type AppContext,
  type AppEnv,
  csvDownload,
  currentAuth,
  jsonRequest,
  ok,
  readForm,
  readJson,
  requestMeta,
  requireRole,
  sendStoredFile,
} from "../../platform/http.ts";
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

const idParam = v.object({ id: recordId(admission.m("check.unknownApplication")) });
/** An admin's session, or the applicant's access grant (header, or ?access= for <img> and links). */
function accessOf(c: AppContext): ApplicationAccess {
  const auth = c.get("auth");
  if (auth && isOffice(auth.user.role)) return { office: auth.user.id };
  return { accessToken: c.req.header("x-application-access") ?? c.req.query("access") ?? null };
}

/** An applicant's document: opened in the browser, or saved with ?download=1; never kept by a cache. */
const sendDocument = (c: AppContext, doc: Parameters<typeof sendStoredFile>[1]) =>
  sendStoredFile(c, doc, { disposition: c.req.query("download") === "1" ? "attachment" : "inline", cacheControl: "no-store" });

// Maintenance closes the applicant's side; admins still open documents through these paths (route-policies.ts).
export const admissionRest = new Hono<AppEnv>()
  .post("/submit", async (c) => {
    // An administrator or staff member signed in is entering a walk-in applicant's application (issue 17).
    const auth = c.get("auth");
    const enteredBy = auth && isOffice(auth.user.role) ? auth.user.id : null;
    return ok(c, await submitApplication(c.get("deps"), await readForm(c), requestMeta(c), enteredBy), 201);
  })
  .post("/validate", async (c) => ok(c, await validateApplication(c.get("deps"), await readForm(c))))
  .get("/stats", async (c) => ok(c, await admissionStats(c.get("deps"))))
  .get("/courses", async (c) => ok(c, await listAdmissionCourses(c.get("deps"))))
  .get("/status/:query", async (c) => {
    const { query } = parseInput(schemas.statusLookupInput, { query: c.req.param("query") });
    return ok(c, await lookupStatus(c.get("deps"), query, requestMeta(c)));
  })
  .post("/access-code", async (c) => {
    const { email } = parseInput(schemas.accessCodeRequestInput, await readJson(c));
    return ok(c, await requestAccessCode(c.get("deps"), email, requestMeta(c)));
  })
  .post("/access-code/verify", jsonRequest(schemas.accessCodeVerifyInput, verifyAccessCode))
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
    return ok(c, await updateApplication(c.get("deps"), id, await readForm(c), accessOf(c)));
  });

export const adminAdmissionRest = new Hono<AppEnv>()
  .use(requireRole("office"))
  .get("/", async (c) => ok(c, await listAdmissions(c.get("deps"), parseInput(schemas.admissionListQuery, c.req.query()))))
  .post("/process", async (c) => {
    const input = parseInput(schemas.processAdmissionInput, await readJson(c));
    return ok(c, await processAdmission(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  })
  .get("/export.csv", async (c) => {
    const query = parseInput(officeSchemas.admissionExportQuery, c.req.query());
    return csvDownload(c, await exportAdmissionsCsv(c.get("deps"), currentAuth(c).user.id, query, requestMeta(c)));
  })
  .get("/:id", async (c) => {
    const { id } = parseInput(idParam, c.req.param());
    return ok(c, await officeApplication(c.get("deps"), id));
  })
  .delete("/:id", requireRole("admin"), async (c) => {
    const { id } = parseInput(idParam, c.req.param());
    return ok(c, await deleteAdmission(c.get("deps"), currentAuth(c).user.id, id, requestMeta(c)));
  });
