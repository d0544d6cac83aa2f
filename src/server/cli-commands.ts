/**
 * The executable's commands and its --help text (issue 20): one list, read by the command line
 * (cli.ts) and by the release launcher, which answers --help and version without unpacking anything.
 */
export const COMMANDS = {
  serve: { usage: "serve", summary: "Run the website and portals (the default when no command is given)." },
  migrate: { usage: "migrate", summary: "Bring the database up to the latest schema (refused while the server runs)." },
  backup: { usage: "backup", summary: "Write a backup of the database and uploads to DATA_DIR/backups now (fine while the server runs)." },
  restore: {
    usage: "restore <file>",
    summary: "Put a backup in place of the database and uploads (refused while the server runs; the replaced data is kept aside).",
  },
  "create-admin": {
    usage: "create-admin <email> [name]",
    summary: "Open an administrator account with a one-time password, shown once.",
  },
  "reset-password": {
    usage: "reset-password <email or student ID>",
    summary: "Give an account a one-time password, shown once; its sessions end.",
  },
  "copy-to-postgres": {
    usage: "copy-to-postgres <postgres-url>",
    summary: "Copy the SQLite file's data into a new, empty PostgreSQL database (refused while the server runs).",
  },
  "copy-uploads": {
    usage: "copy-uploads [folder]",
    summary: "Copy an uploads folder (default DATA_DIR/uploads) into the bucket or folder STORAGE_URL names; files there already are kept.",
  },
  check: { usage: "check", summary: "Check the database's integrity and that every stored file is there (exit 1 if not)." },
  version: { usage: "version", summary: "Print the version and build." },
} as const;

export type CommandName = keyof typeof COMMANDS;

export const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

export function helpText(program: string): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    "Institute of Distance Education: website, admissions and portals",
    "",
    `Usage: ${program} [command] [arguments]`,
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    "",
    "Configuration comes from the environment, as for the server: PORT, HOST, DATA_DIR (default ./data),",
    "PUBLIC_URL, TRUST_PROXY, SMTP_URL, MAIL_FROM, ADMIN_EMAIL/ADMIN_PASSWORD, NODE_ENV, LOG_LEVEL;",
    "beyond one machine DATABASE_URL, STORAGE_URL, S3_ENDPOINT/S3_REGION/S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY",
    "and REUSE_PORT (docs/SCALING.md). Give every command the DATABASE_URL the server has.",
    "docs/DEPLOY.md tells how to install it as a service.",
  ].join("\n");
}

export function versionText(v: { version: string; commit: string; builtAt: string | null }): string {
  return `institute ${v.version} (${v.commit}${v.builtAt ? `, built ${v.builtAt}` : ""}; Bun ${Bun.version})`;
}
