/** Runs the server from the source tree (`bun src/server/main.ts`, what `npm start` ends in). */
import { runCli } from "./cli.ts";

process.exitCode = await runCli(["serve"]);
