/** The REST path of exams: the office downloads an exam's marks file (tRPC carries no files). */
import { Hono } from "hono";
import { examIdInput } from "../../../shared/schemas/exams.ts";
import { type AppEnv, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { marksFile } from "./marks.service.ts";

export const adminExamsRest = new Hono<AppEnv>().use(requireRole("office")).get("/:id/marks.csv", async (c) => {
  const { id } = parseInput(examIdInput, { id: c.req.param("id") });
  const { filename, csv } = await marksFile(c.get("deps"), id);
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
});
