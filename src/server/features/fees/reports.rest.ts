/** REST path of the fee reports that carries a file (tRPC carries none): a range's receipts as CSV, for the office only. */
import { Hono } from "hono";
import { collectionsQuery } from "../../../shared/schemas/fee-reports.ts";
import { type AppEnv, csvDownload, currentAuth, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { receiptsCsv } from "./reports.service.ts";

/** Mounted at /api/fees/reports. */
export const feeReportsRest = new Hono<AppEnv>().get("/receipts.csv", requireRole("office"), async (c) => {
  const query = parseInput(collectionsQuery, c.req.query());
  return csvDownload(c, await receiptsCsv(c.get("deps"), currentAuth(c).user.id, query, requestMeta(c)));
});
