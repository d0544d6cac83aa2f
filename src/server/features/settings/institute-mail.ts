/**
 * E-mail as the institute sends it: every template signed with the institute's current name, address and
 * phones (Settings), replies going to its contact address. The platform mailer asks for these through its
 * MailPolicy (src/server/mailer.ts wires them).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { writeToOutbox } from "../../platform/mail.ts";
import { type EmailTemplate, type RenderedEmail, renderEmail } from "../../platform/mail-templates.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { getSettings, instituteContact } from "./settings.service.ts";

export async function renderInstituteEmail(db: Kysely<Database>, email: EmailTemplate): Promise<RenderedEmail> {
  return renderEmail(email, instituteContact(await getSettings({ db })));
}

/** Reply-To of every message: the institute's contact address (Settings → institute e-mail). */
export async function instituteReplyTo(db: Kysely<Database>): Promise<string> {
  return instituteContact(await getSettings({ db })).email;
}

/**
 * Renders and records a message in the outbox through `db` (a transaction or the database), in `locale`
 * when given (the recipient's language), else in the current one.
 */
export async function enqueueEmail(db: Kysely<Database>, at: Date, to: string, email: EmailTemplate, locale?: Locale): Promise<number> {
  return writeToOutbox(db, at, to, await inLocale(locale, () => renderInstituteEmail(db, email)));
}
