/** `npm run migrate`: bring the database under DATA_DIR to the latest schema. */
import { parseEnv } from "../src/server/env.ts";
import { dataPaths, ensureDataDirs } from "../src/server/platform/storage.ts";
import { openDatabase } from "./connection.ts";
import { migrateToLatest } from "./migrate.ts";

const paths = dataPaths(parseEnv(process.env).dataDir);
ensureDataDirs(paths);
const { db } = openDatabase(paths.database);
const applied = await migrateToLatest(db);
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
await db.destroy();
