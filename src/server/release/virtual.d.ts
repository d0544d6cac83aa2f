/** Modules the release build (build-release.ts) makes up while it bundles the server. */
declare module "institute-release:migrations" {
  import type { Migration } from "kysely/migration";
  /** every file of migrations/, by name without its extension */
  export const MIGRATIONS: Record<string, Migration>;
}
declare module "institute-release:build" {
  export const BUILD: { version: string; commit: string; builtAt: string };
}
