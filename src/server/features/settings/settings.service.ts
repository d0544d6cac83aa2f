/**
 * System settings: stored per group as JSON, merged over the defaults, remembered in memory and forgotten at
 * once when this process writes them. On a database several processes serve (PostgreSQL, docs/SCALING.md),
 * read again when the data version has moved and after SETTINGS_FRESH_MS in any case.
 */
import * as v from "valibot";
import { type DB, isSharedDatabase, lastSeenVersion } from "../../../../db/connection.ts";
import { config } from "../../../shared/i18n/config.ts";
import { type Locale, localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { MSG } from "../../../shared/messages.ts";
import { fieldErrorsOf } from "../../../shared/schemas/common.ts";
import {
  DEFAULT_SETTINGS,
  type Settings,
  type SettingsGroup,
  type SettingsUpdateInput,
  settingsShape,
} from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../deps.ts";
import { isoNow } from "../../deps.ts";
import { type AuditEntry, audit } from "../../platform/audit.ts";
import { backupPath, createBackup } from "../../platform/backups.ts";
import { localDate } from "../../platform/calendar.ts";
import { AppError } from "../../platform/errors.ts";
import { holdValue } from "../../platform/row-lock.ts";
import { storedLocale } from "../accounts/accounts.repository.ts";

/**
 * On a shared database, how long a process serves the settings it read before reading them again, at the
 * most: the longest another process's save goes unseen (this process's own saves are seen at once). Sooner
 * when the data version this process last saw has moved (`lastSeenVersion`, which every cached read checks),
 * so an answer made after that check, and cached under its version, is made with settings at least as new.
 * (The request's language is read before the request's own check: from settings at most this old.) On SQLite
 * one process owns the file, so the settings stay until it saves them (and a read inside a transaction never
 * waits for the connection that transaction holds).
 */
export const SETTINGS_FRESH_MS = 1000;

const cache = new WeakMap<DB, { settings: Promise<Settings>; readAt: number; version: number | string | null }>();

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

export function getSettings(deps: Pick<AppDeps, "db">): Promise<Settings> {
  const cached = cache.get(deps.db);
  const now = performance.now();
  // Taken before the read, so the settings are never filed under a version older than what they saw.
  const version = lastSeenVersion(deps.db);
  const fresh = !isSharedDatabase(deps.db) || (cached?.version === version && now - cached.readAt < SETTINGS_FRESH_MS);
  if (cached && fresh) return cached.settings;
  const settings = readSettings(deps.db);
  cache.set(deps.db, { settings, readAt: now, version });
  // A failed read is not remembered.
  settings.catch(() => {
    if (cache.get(deps.db)?.settings === settings) cache.delete(deps.db);
  });
  return settings;
}

async function readSettings(db: DB): Promise<Settings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings = {} as Record<SettingsGroup, unknown>;
  for (const group of Object.keys(settingsShape) as SettingsGroup[]) {
    const raw = stored.get(group);
    settings[group] = raw === undefined ? DEFAULT_SETTINGS[group] : merge(group, safeJson(raw));
  }
  return settings as Settings;
}

/** The institute's clock (Settings → General): what the office types and what everyone reads. */
export async function instituteTimeZone(deps: Pick<AppDeps, "db">): Promise<string> {
  return (await getSettings(deps)).general.timeZone;
}

/**
 * The language of an e-mail to a person: the one they chose themselves, else the institute's default
 * (Settings → System) — never the screen language of whoever's action sent it (docs/decisions/019).
 */
export async function recipientLocale(deps: Pick<AppDeps, "db">, preferences: string | null | undefined): Promise<Locale> {
  return (preferences ? storedLocale(preferences) : null) ?? localeOfLanguage((await getSettings(deps)).language);
}

/** The institute's today (YYYY-MM-DD), in its time zone. */
export async function instituteToday(deps: Pick<AppDeps, "db" | "now">): Promise<string> {
  return localDate(deps.now(), await instituteTimeZone(deps));
}

/**
 * The institute's contact facts as the public site and every e-mail show them (issue 14.4): Settings →
 * General's contact phone and address lead (the phone first in the list, the address as the first office's),
 * followed by the further phones and offices of the institute group.
 */
export function instituteContact(settings: Settings) {
  const { general, institute } = settings;
  const phone = general.contactPhone?.trim();
  const address = general.address?.trim();
  const phones = phone ? [phone, ...institute.phones.filter((p) => p !== phone)] : institute.phones;
  const [first, ...otherOffices] = institute.offices;
  const offices = address ? [{ name: first?.name ?? "Office", address, mapUrl: first?.mapUrl }, ...otherOffices] : institute.offices;
  return { ...institute, name: general.siteName, phones, offices };
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

/**
 * Changes one group with its activity-log entry in one transaction, then forgets the remembered settings so the
 * next read (the public site's included) has the new values. `change` is given the settings as stored, read with
 * the group held (a save at the same moment on another process waits, then reads this one's), and returns the
 * group's new value with its log entry, or null to store nothing (nothing changed); it may refuse (a form's version
 * that no longer matches). A save made from settings read before the transaction would undo a change stored
 * meanwhile.
 */
export async function storeSettingsGroupAudited<K extends SettingsGroup>(
  deps: Pick<AppDeps, "db" | "now">,
  group: K,
  change: (stored: Settings) => { value: Settings[K]; entry: AuditEntry } | null,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await holdValue(trx, "settings", group);
    const next = change(await readSettings(trx));
    if (!next) return;
    await saveSettingsGroup({ db: trx, now: deps.now }, group, next.value);
    await audit(trx, deps.now(), next.entry);
  });
  cache.delete(deps.db);
}

/** Debug mode logs everything; otherwise the chosen log level applies. */
export const effectiveLogLevel = (system: Settings["system"]) => (system.debugMode ? "debug" : system.logLevel);

/** GET /admin/settings: every section the admin screen edits. */
export async function getAdminSettings(deps: Pick<AppDeps, "db">) {
  const s = await getSettings(deps);
  return { settings: { general: s.general, security: s.security, notifications: s.notifications, system: s.system, language: s.language } };
}

/**
 * PUT /admin/settings: merges each sent section over the stored one, validates it whole, stores it and
 * applies what takes effect at once (the log level). Audit-logged with the keys whose values changed (a
 * switch with its new state, a number or a backup frequency with its new value); a save that changed nothing
 * is not logged.
 */
export async function updateSettings(deps: AppDeps, adminId: number, input: SettingsUpdateInput, meta: { ip?: string | null } = {}) {
  const next = await deps.db.transaction().execute((trx) => storeSettingsUpdate(trx, deps, adminId, input, meta));
  cache.delete(deps.db);
  // The log level takes effect at once, unless LOG_LEVEL in the environment pins it.
  if (next.system && !deps.env.LOG_LEVEL) deps.logger.level = effectiveLogLevel(next.system);
  return { ...(await getAdminSettings(deps)), message: config.t("saved") };
}

/**
 * The sections sent, merged over what is stored when the save is made (each held meanwhile, so two saves at once
 * take turns and neither undoes the other's other fields), validated, stored and logged in `trx`.
 */
async function storeSettingsUpdate(trx: DB, deps: AppDeps, adminId: number, input: SettingsUpdateInput, meta: { ip?: string | null }) {
  for (const group of Object.keys(input).sort()) await holdValue(trx, "settings", group);
  const current = await readSettings(trx);
  const changed: string[] = [];
  const turned: Record<string, boolean> = {};
  // A number's or a backup frequency's new value, as the log says it ("Max login attempts: 4"); texts are named only.
  const set: Record<string, number | string> = {};
  const next: Partial<Settings> = {};
  for (const group of ["general", "security", "notifications", "system"] as const) {
    const patch = input[group];
    if (!patch) continue;
    const merged = v.safeParse(settingsShape[group], { ...current[group], ...patch });
    if (!merged.success) {
      const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(merged.issues)).map(([k, msgs]) => [`${group}.${k}`, msgs]));
      throw new AppError("BAD_REQUEST", merged.issues[0]?.message ?? MSG.invalidInput, { fieldErrors });
    }
    (next as Record<string, unknown>)[group] = merged.output;
    // The log names what changed, not every field the form sent (tenth walk): a switch with its new state.
    const before = current[group] as Record<string, unknown>;
    const after = merged.output as Record<string, unknown>;
    for (const key of Object.keys(patch)) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      changed.push(`${group}.${key}`);
      if (typeof after[key] === "boolean") turned[`${group}.${key}`] = after[key];
      else if (typeof after[key] === "number" || key === "backupFrequency") set[`${group}.${key}`] = after[key] as number | string;
    }
  }
  if (input.language) {
    next.language = input.language;
    if (JSON.stringify(input.language) !== JSON.stringify(current.language)) changed.push("language");
  }
  for (const [group, value] of Object.entries(next) as [SettingsGroup, Settings[SettingsGroup]][]) {
    await saveSettingsGroup({ db: trx, now: deps.now }, group, value as never);
  }
  // A save with nothing changed is not an event.
  if (changed.length > 0) {
    await audit(trx, deps.now(), {
      actorUserId: adminId,
      action: "settings.update",
      entityType: "settings",
      details: { changed, turned, set },
      ip: meta.ip,
    });
  }
  return next;
}

/** "Back up now" (Settings → System): a backup made by the administrator, in the activity log (tenth walk). */
export async function backupNow(deps: AppDeps, adminId: number, _input: unknown, meta: { ip?: string | null } = {}) {
  const backup = await createBackup(deps);
  await audit(deps.db, deps.now(), {
    actorUserId: adminId,
    action: "backup.create",
    entityType: "settings",
    details: { name: backup.name, size: backup.size },
    ip: meta.ip,
  });
  return { backup };
}

/**
 * A backup's file for its download, the download in the activity log (a backup holds every record); null: no
 * such backup. `headOnly`: a HEAD request, which takes nothing away, so it is not logged.
 */
export async function backupForDownload(
  deps: AppDeps,
  adminId: number,
  name: string,
  meta: { ip?: string | null; headOnly?: boolean } = {},
) {
  const file = Bun.file(backupPath(deps, name));
  if (!(await file.exists())) return null;
  if (meta.headOnly) return file;
  await audit(deps.db, deps.now(), {
    actorUserId: adminId,
    action: "backup.download",
    entityType: "settings",
    details: { name },
    ip: meta.ip,
  });
  return file;
}
