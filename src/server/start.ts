/** `npm start`: build the client when stale, then run the server (which migrates and seeds). */
import { ensureClientBuilt } from "./build.ts";

await ensureClientBuilt();
await import("./main.ts");
