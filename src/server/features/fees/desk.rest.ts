/** REST path of the fee desk that carries a file (tRPC carries none): a UPI payment's screenshot, for the office only. */
import { Hono } from "hono";
import { paymentIdInput } from "../../../shared/schemas/fee-desk.ts";
import { type AppEnv, currentAuth, requireRole, sendStoredFile } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { paymentScreenshot } from "./desk.service.ts";

export const feeDeskRest = new Hono<AppEnv>().get("/payments/:id/screenshot", requireRole("office"), async (c) => {
  const { id } = parseInput(paymentIdInput, c.req.param());
  return sendStoredFile(c, await paymentScreenshot(c.get("deps"), currentAuth(c).user, id));
});
