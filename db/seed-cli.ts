/** `npm run seed`: migrate, then add whatever seed content is missing (never duplicates). */
import { parseEnv } from "../src/server/env.ts";
import { fileStore } from "../src/server/platform/file-store.ts";
import { dataPaths, ensureDataDirs } from "../src/server/platform/storage.ts";
import { migrateToLatest } from "./migrate.ts";
import { openConfiguredDatabase } from "./open.ts";
import { seed } from "./seed.ts";

const env = parseEnv(process.env);
const paths = dataPaths(env.dataDir);
ensureDataDirs(paths);
const { db } = openConfiguredDatabase(env, paths.database);
await migrateToLatest(db);
const { created } = await seed(db, {
  now: new Date(),
  production: env.production,
  files: fileStore(env),
  adminEmail: env.ADMIN_EMAIL,
  adminPassword: env.ADMIN_PASSWORD,
});
for (const c of created) console.log(`${c.role} login: ${c.login} / ${c.password}${c.studentId ? ` (student ID ${c.studentId})` : ""}`);
console.log(created.length ? "Seeded." : "Nothing to add: the seed content is already there.");
await db.destroy();
