/**
 * A server process started by a test (the checkout's main.ts or the release executable): collects what it
 * prints and resolves with the address once it says "listening on …"; fails with its output if it exits
 * first or does not listen in time.
 */
export async function untilListening(
  proc: Bun.Subprocess<"ignore" | "pipe" | "inherit", "pipe", "pipe">,
  // A hang guard: a first start (migrations, demo content, argon2) beside four journey groups on a slow machine took
  // over 30 s (stop 62's last CI run).
  timeoutMs = 120_000,
): Promise<{ url: string; output: () => string }> {
  let output = "";
  const decoder = new TextDecoder();
  for (const stream of [proc.stdout, proc.stderr])
    void (async () => {
      for await (const chunk of stream) output += decoder.decode(chunk);
    })();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (url) return { url, output: () => output };
    if (proc.exitCode !== null) throw new Error(`The server exited before it listened:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not listen within ${timeoutMs / 1000} s:\n${output}`);
    await Bun.sleep(25);
  }
}
