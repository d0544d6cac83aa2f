/**
 * The REST path of the student's fees that carries a file (tRPC carries none): "I have paid" for an
 * instalment by UPI — the UTR, the day paid, the amount the link asked for and an optional screenshot, as a
 * multipart form (sent with upload progress).
 */
import { Hono } from "hono";
import * as v from "valibot";
import { fees as text } from "../../../shared/i18n/fees.ts";
import { recordId } from "../../../shared/schemas/common.ts";
import * as schemas from "../../../shared/schemas/fees.ts";
import { type AppEnv, currentAuth, ok, readForm, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import * as service from "./student-fees.service.ts";

const instalmentPath = v.object({ id: recordId(text.m("rule.instalment")) });

export const studentFeesRest = new Hono<AppEnv>().post("/instalments/:id/upi", requireRole("student"), async (c) => {
  const { id } = parseInput(instalmentPath, c.req.param());
  const body = await readForm(c);
  const fields = parseInput(schemas.upiSubmissionFields, { utr: body.utr, paidOn: body.paidOn, amount: body.amount });
  return ok(c, await service.submitUpi(c.get("deps"), currentAuth(c).user.id, id, fields, body.screenshot), 201);
});
