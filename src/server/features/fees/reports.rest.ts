/**
 * REST paths of the fee reports that carry a file (tRPC carries none), for the office only: a range's receipts, the dues
 * list and the concessions list as CSV.
 */
import { Hono } from "hono";
import { concessionExportQuery } from "../../../shared/schemas/fee-plans.ts";
import { collectionsQuery, duesExportQuery } from "../../../shared/schemas/fee-reports.ts";
import { type AppEnv, csvDownload, currentAuth, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { concessionsCsv } from "./concessions.service.ts";
import { duesCsv, receiptsCsv } from "./reports.service.ts";

/** Mounted at /api/fees/reports. */
export const feeReportsRest = new Hono<AppEnv>()
  .get("/receipts.csv", requireRole("office"), async (c) => {
    const query = parseInput(collectionsQuery, c.req.query());
    return csvDownload(c, await receiptsCsv(c.get("deps"), currentAuth(c).user.id, query, requestMeta(c)));
  })
  .get("/dues.csv", requireRole("office"), async (c) => {
    const query = parseInput(duesExportQuery, c.req.query());
    return csvDownload(c, await duesCsv(c.get("deps"), currentAuth(c).user.id, query, requestMeta(c)));
  })
  .get("/concessions.csv", requireRole("office"), async (c) => {
    const query = parseInput(concessionExportQuery, c.req.query());
    return csvDownload(c, await concessionsCsv(c.get("deps"), currentAuth(c).user.id, query, requestMeta(c)));
  });
