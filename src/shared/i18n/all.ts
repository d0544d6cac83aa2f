/**
 * Every namespace, for the server (which answers in any language and so holds all catalogues) and the
 * catalogue tests. The browser never imports this: each screen imports its own namespaces.
 */
import { about } from "./about.ts";
import { account } from "./account.ts";
import { admin } from "./admin.ts";
import { admission } from "./admission.ts";
import { alerts } from "./alerts.ts";
import { auth } from "./auth.ts";
import { common } from "./common.ts";
import { config } from "./config.ts";
import { contact } from "./contact.ts";
import { exams } from "./exams.ts";
import { feeDesk } from "./feeDesk.ts";
import { feePlans } from "./feePlans.ts";
import { feeReports } from "./feeReports.ts";
import { fees } from "./fees.ts";
import { gallery } from "./gallery.ts";
import { help } from "./help.ts";
import { home } from "./home.ts";
import { library } from "./library.ts";
import { LOCALES } from "./locales.ts";
import { mail } from "./mail.ts";
import { maintenance } from "./maintenance.ts";
import { media } from "./media.ts";
import { messages } from "./messages.ts";
import { notices } from "./notices.ts";
import { person } from "./person.ts";
import { portal } from "./portal.ts";
import { programmes } from "./programmes.ts";
import { reports } from "./reports.ts";
import { roster } from "./roster.ts";
import { shell } from "./shell.ts";
import { status } from "./status.ts";
import { student } from "./student.ts";
import { studies } from "./studies.ts";
import type { Catalogue, Namespace } from "./translate.ts";
import { validation } from "./validation.ts";
import { verify } from "./verify.ts";

export const NAMESPACES: readonly Namespace<Catalogue>[] = [
  common,
  home,
  messages,
  account,
  about,
  gallery,
  contact,
  validation,
  admission,
  status,
  auth,
  portal,
  student,
  verify,
  mail,
  admin,
  roster,
  alerts,
  media,
  config,
  help,
  reports,
  maintenance,
  programmes,
  studies,
  exams,
  library,
  notices,
  fees,
  feeDesk,
  feeReports,
  feePlans,
  person,
  shell,
] as unknown as readonly Namespace<Catalogue>[];

let all: Promise<void> | null = null;
/** Loads every catalogue of every language (once). */
export function loadAllCatalogues(): Promise<void> {
  all ??= Promise.all(NAMESPACES.flatMap((ns) => LOCALES.map((locale) => ns.load(locale)))).then(() => undefined);
  return all;
}
