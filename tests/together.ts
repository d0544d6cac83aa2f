/**
 * `bun tests/together.ts <script> <script> …`: runs package.json scripts at the same time and fails if
 * any fails. Used by `npm test` to run the browser journeys (mostly waiting on Chromium and the network)
 * beside the PostgreSQL suite (mostly CPU), so the whole suite stays well under ten minutes on two cores.
 * The first script shows live; the others are printed whole when they end, so reports never interleave.
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
  return { script, proc, output };
});

const codes: number[] = [];
for (const run of runs) {
  const code = await run.proc.exited;
  const [out, err] = await run.output;
  if (out || err) {
    process.stdout.write(`\n===== ${run.script} (ran at the same time) =====\n${out}`);
    process.stderr.write(err ?? "");
  }
  codes.push(code);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `\n${scripts.map((s, i) => `${s}: ${codes[i] === 0 ? "passed" : `failed (exit ${codes[i]})`}`).join(", ")} — together in ${seconds} s`,
);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);

// A module (top-level await).
export {};
