/** The REST path of exams: the office downloads an exam's marks file (tRPC carries no files). */
import { Hono } from "hono";
import { examIdInput } from "../../../shared/schemas/exams.ts";
import { type AppEnv, csvDownload, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { marksFile } from "./marks.service.ts";

export const adminExamsRest = new Hono<AppEnv>().use(requireRole("office")).get("/:id/marks.csv", async (c) => {
  const { id } = parseInput(examIdInput, { id: c.req.param("id") });
  return csvDownload(c, await marksFile(c.get("deps"), id));
});
