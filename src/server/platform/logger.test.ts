import { describe, expect, test } from "bun:test";
import { bufferedSink, createLogger } from "./logger.ts";

describe("logger", () => {
  test("lines below the level are dropped; each line is one JSON object with time, level and fields", () => {
    const lines: string[] = [];
    const logger = createLogger("info", (l) => lines.push(l));
    logger.debug("hidden");
    logger.info("request", { path: "/api/health", status: 200 });
    logger.level = "debug";
    logger.debug("shown");
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["request", "shown"]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", path: "/api/health", status: 200 });
    expect(Number.isNaN(Date.parse(JSON.parse(lines[0]!).time))).toBe(false);
  });

  test("the buffered sink writes held lines together, in order, within 50 ms", async () => {
    const writes: string[] = [];
    const sink = bufferedSink((chunk) => writes.push(chunk));
    const logger = createLogger("info", sink);
    logger.info("one");
    logger.info("two");
    expect(writes).toEqual([]);
    expect(sink.pending()).toBe(2);
    await Bun.sleep(80);
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg),
    ).toEqual(["one", "two"]);
    expect(writes[0]!.endsWith("\n")).toBe(true);
  });

  test("an error goes out at once with everything before it; a large backlog does not wait", () => {
    const writes: string[] = [];
    const logger = createLogger(
      "info",
      bufferedSink((chunk) => writes.push(chunk)),
    );
    logger.info("before");
    logger.error("failed", { error: "boom" });
    expect(
      writes
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg),
    ).toEqual(["before", "failed"]);
    writes.length = 0;
    for (let i = 0; i < 1000; i++) logger.info("line", { filler: "x".repeat(100) });
    expect(writes.length).toBeGreaterThan(0);
  });
});
