/**
 * `bun tests/together.ts <script> <script> …`: runs package.json scripts at the same time and fails if
 * any fails. `npm test` runs the PostgreSQL suite, the unit tests, the typecheck and the lint together, then
 * the browser journeys (four groups) beside the release tests: each stage keeps both cores of the CI machine
 * busy without so much at once that tests run out of their time limit (20 s for unit tests; docs/PERFORMANCE.md).
 * The first script shows live; the others are printed whole when they end, so reports never interleave;
 * the last line gives each script's result and seconds.
 */
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: bun tests/together.ts <script> <script> …");
  process.exit(2);
}

const started = performance.now();
const runs = scripts.map((script, i) => {
  const live = i === 0;
  const proc = Bun.spawn([process.execPath, "run", script], {
    stdout: live ? "inherit" : "pipe",
    stderr: live ? "inherit" : "pipe",
  });
  const output = live
    ? Promise.resolve(["", ""])
    : Promise.all([new Response(proc.stdout as ReadableStream).text(), new Response(proc.stderr as ReadableStream).text()]);
  const ended = proc.exited.then(() => (performance.now() - started) / 1000);
  return { script, proc, output, ended };
});

const codes: number[] = [];
const seconds: number[] = [];
for (const run of runs) {
  const code = await run.proc.exited;
  seconds.push(await run.ended);
  const [out, err] = await run.output;
  if (out || err) {
    // Awaited: a report of 1,500 tests written with process.stdout.write was cut off by the exit below, its
    // end (and the typecheck's and lint's reports after it) missing from the CI log.
    await Bun.write(Bun.stdout, `\n===== ${run.script} (ran at the same time) =====\n${out}`);
    if (err) await Bun.write(Bun.stderr, err);
  }
  codes.push(code);
}
const total = ((performance.now() - started) / 1000).toFixed(0);
await Bun.write(
  Bun.stdout,
  `\n${scripts.map((s, i) => `${s}: ${codes[i] === 0 ? "passed" : `failed (exit ${codes[i]})`} (${seconds[i]!.toFixed(0)} s)`).join(", ")} — together in ${total} s\n`,
);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);

// A module (top-level await).
export {};
