/** `npm run dev`: the server under `bun --watch` (restarts on server changes) and the client rebuilt on change. */
import { watch } from "node:fs";
import path from "node:path";
import { buildClient } from "./build.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
await buildClient({ precompress: false });

const server = Bun.spawn([process.execPath, "--watch", "src/server/main.ts"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });

let timer: Timer | undefined;
let building = Promise.resolve();
const rebuild = () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    building = building.then(async () => {
      const started = performance.now();
      try {
        await buildClient({ precompress: false });
        console.log(`client rebuilt in ${Math.round(performance.now() - started)} ms`);
      } catch (err) {
        console.error((err as Error).message);
      }
    });
  }, 150);
};
for (const dir of ["src/client", "src/shared", "public"]) watch(path.join(ROOT, dir), { recursive: true }, rebuild);
watch(path.join(ROOT, "index.html"), rebuild);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.kill();
    process.exit(0);
  });
}
