/** A TCP port on 127.0.0.1 nothing listens on now: the benchmark's servers and Lighthouse's are started on one. */
export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  await s.stop(true);
  return port;
}
