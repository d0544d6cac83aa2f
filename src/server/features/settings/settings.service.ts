/**
 * System settings: stored per group as JSON, merged over the defaults, cached in memory (one process
 * owns the database) and invalidated on every write.
 */
import * as v from "valibot";
import type { DB } from "../../../../db/connection.ts";
import {
  DEFAULT_SETTINGS,
  type Settings,
  type SettingsGroup,
  settingsShape,
} from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../deps.ts";
import { isoNow } from "../../deps.ts";

const cache = new WeakMap<DB, Settings>();

function merge<K extends SettingsGroup>(group: K, stored: unknown): Settings[K] {
  const fallback = DEFAULT_SETTINGS[group];
  const candidate =
    typeof fallback === "object" && fallback !== null && typeof stored === "object" && stored !== null
      ? { ...fallback, ...stored }
      : stored;
  // A stored value that no longer fits the schema (e.g. after a rule change) falls back to the default.
  const parsed = v.safeParse(settingsShape[group], candidate);
  return (parsed.success ? parsed.output : fallback) as Settings[K];
}

export async function getSettings(deps: Pick<AppDeps, "db">): Promise<Settings> {
  const cached = cache.get(deps.db);
  if (cached) return cached;
  const rows = await deps.db.selectFrom("settings").select(["key", "value"]).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings = {} as Record<SettingsGroup, unknown>;
  for (const group of Object.keys(settingsShape) as SettingsGroup[]) {
    const raw = stored.get(group);
    settings[group] = raw === undefined ? DEFAULT_SETTINGS[group] : merge(group, safeJson(raw));
  }
  cache.set(deps.db, settings as Settings);
  return settings as Settings;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Stores one group, already validated by the caller's schema. */
export async function saveSettingsGroup<K extends SettingsGroup>(
  deps: Pick<AppDeps, "db" | "now">,
  group: K,
  value: Settings[K],
): Promise<void> {
  const json = JSON.stringify(value);
  const at = isoNow(deps);
  await deps.db
    .insertInto("settings")
    .values({ key: group, value: json, updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: at }))
    .execute();
  cache.delete(deps.db);
}
