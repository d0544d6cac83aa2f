/** The benchmark's reference: a bare Hono app on Bun answering a small JSON object (issue 9). */
import { Hono } from "hono";

const app = new Hono();
app.get("*", (c) => c.json({ success: true, data: { status: "ok", time: new Date().toISOString() } }));
const server = Bun.serve({ port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1", fetch: app.fetch });
console.log(`reference listening on http://127.0.0.1:${server.port}`);
