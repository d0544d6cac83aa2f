/**
 * What a list costs the first time it is asked for after a write (issue 9): the load runs repeat one URL,
 * which the server answers from its read cache after the first request, so this measures the service
 * itself — SQL and mapping — with the cache emptied before every call, in-process on the bench's dataset.
 * Informational: no budget, the figures show what FTS and index-only paging buy.
 */
import type { DB } from "../db/connection.ts";
import { listAdmissions } from "../src/server/features/admissions/admissions.service.ts";
import { listContacts } from "../src/server/features/contacts/contacts.service.ts";
import { listStudents } from "../src/server/features/students/students.service.ts";
import { clearReadCache } from "../src/server/platform/read-cache.ts";
import type { FirstRequestResult } from "./report.ts";

const RUNS = 15;

/** On the bench's database, SQLite's file or PostgreSQL (the caller opens and closes it). */
export async function measureFirstRequests(db: DB, deepPage: number, fragment: string): Promise<FirstRequestResult[]> {
  const deps = { db, now: () => new Date() } as Parameters<typeof listStudents>[0];
  const lists = [
    ["admissions", (q: Query) => listAdmissions(deps, q)],
    ["students", (q: Query) => listStudents(deps, { ...q, programme: null, term: null })],
    ["contacts", (q: Query) => listContacts(deps, q)],
  ] as const;
  const results: FirstRequestResult[] = [];
  for (const [name, list] of lists) {
    const page1 = await list({ page: 1, limit: 10, search: "", status: "all" });
    const deep = Math.max(1, Math.min(page1.pagination.totalPages, deepPage));
    const cases: [string, Query][] = [
      ["page 1", { page: 1, limit: 10, search: "", status: "all" }],
      [`page ${deep}`, { page: deep, limit: 10, search: "", status: "all" }],
      [`search "${fragment}"`, { page: 1, limit: 10, search: fragment, status: "all" }],
    ];
    for (const [label, query] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        clearReadCache(db);
        const t = performance.now();
        await list(query);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      results.push({ name: `${name} ${label}`, medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)! });
    }
  }
  return results;
}

type Query = { page: number; limit: number; search: string; status: "all" };
