import { describe, expect, test } from "bun:test";
import { createTestDeps } from "../testing.ts";
import { bucketIndexOf, dateBuckets, withCounts } from "./date-buckets.ts";

const NOW = new Date("2026-11-22T06:30:00.000Z"); // 12:00 on 22 November in India

describe("date buckets", () => {
  test("days start at the zone's local midnight, the last one is today", () => {
    const india = dateBuckets(NOW, "Asia/Kolkata", "day", 2);
    expect(india).toEqual([
      { label: "21 Nov", start: "2026-11-20T18:30:00.000Z", end: "2026-11-21T18:30:00.000Z" },
      { label: "22 Nov", start: "2026-11-21T18:30:00.000Z", end: "2026-11-22T18:30:00.000Z" },
    ]);
    expect(dateBuckets(NOW, "UTC", "day", 1)).toEqual([
      { label: "22 Nov", start: "2026-11-22T00:00:00.000Z", end: "2026-11-23T00:00:00.000Z" },
    ]);
  });

  test("days on which a daylight-saving zone changes its clock are 23 or 25 hours long", () => {
    const spring = dateBuckets(new Date("2026-03-30T12:00:00.000Z"), "Europe/London", "day", 3);
    expect(spring.map((b) => [b.label, b.start])).toEqual([
      ["28 Mar", "2026-03-28T00:00:00.000Z"],
      ["29 Mar", "2026-03-29T00:00:00.000Z"],
      ["30 Mar", "2026-03-29T23:00:00.000Z"],
    ]);
    const autumn = dateBuckets(new Date("2026-11-02T12:00:00.000Z"), "America/New_York", "day", 2);
    expect(autumn.map((b) => [b.start, b.end])).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
      ["2026-11-02T05:00:00.000Z", "2026-11-03T05:00:00.000Z"],
    ]);
  });

  test("weeks are seven days ending today; months are calendar months across the year end", () => {
    const weeks = dateBuckets(NOW, "Asia/Kolkata", "week", 2);
    expect(weeks.map((b) => b.label)).toEqual(["9 Nov – 15 Nov", "16 Nov – 22 Nov"]);
    expect(weeks[1]!.end).toBe("2026-11-22T18:30:00.000Z");
    const months = dateBuckets(new Date("2027-01-10T00:00:00.000Z"), "Asia/Kolkata", "month", 3);
    expect(months).toEqual([
      { label: "Nov 2026", start: "2026-10-31T18:30:00.000Z", end: "2026-11-30T18:30:00.000Z" },
      { label: "Dec 2026", start: "2026-11-30T18:30:00.000Z", end: "2026-12-31T18:30:00.000Z" },
      { label: "Jan 2027", start: "2026-12-31T18:30:00.000Z", end: "2027-01-31T18:30:00.000Z" },
    ]);
  });

  test("the database counts rows per bucket with the portable CASE expression; empty buckets are filled with 0", async () => {
    const deps = await createTestDeps();
    const buckets = dateBuckets(NOW, "Asia/Kolkata", "day", 3);
    const at = (iso: string) => ({
      name: "V",
      email: "v@example.test",
      subject: "fees",
      message: "?",
      status: "new" as const,
      created_at: iso,
      updated_at: iso,
    });
    await deps.db
      .insertInto("contact_inquiries")
      .values([
        at("2026-11-19T18:30:00.000Z"),
        at("2026-11-21T18:29:59.999Z"),
        at("2026-11-21T18:30:00.000Z"),
        at("2026-11-19T18:29:59.999Z"),
      ])
      .execute();
    const inRange = deps.db
      .selectFrom("contact_inquiries")
      .select(bucketIndexOf("created_at", buckets).as("bucket"))
      .where("created_at", ">=", buckets[0]!.start)
      .where("created_at", "<", buckets[2]!.end);
    const rows = await deps.db
      .selectFrom(inRange.as("t"))
      .select((eb) => ["t.bucket", eb.fn.countAll<number>().as("count")])
      .groupBy("t.bucket")
      .execute();
    expect(withCounts(buckets, rows).map((b) => [b.label, b.count])).toEqual([
      ["20 Nov", 1],
      ["21 Nov", 1],
      ["22 Nov", 1],
    ]);
    const single = dateBuckets(NOW, "Asia/Kolkata", "day", 1);
    const one = await deps.db.selectFrom("contact_inquiries").select(bucketIndexOf("created_at", single).as("bucket")).execute();
    expect(new Set(one.map((r) => r.bucket))).toEqual(new Set([0]));
  });
});
