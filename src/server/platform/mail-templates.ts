/**
 * Every e-mail the product sends, as plain text and HTML, signed with the institute's name and contact
 * details from settings. Values are escaped in the HTML part.
 */
import type { PaymentMode } from "../../../db/schema.ts";
import { CODE_LIFETIME_SECONDS } from "../../shared/constants.ts";
import { contactSubjectLabel } from "../../shared/i18n/contact.ts";
import { fees } from "../../shared/i18n/fees.ts";
import { INTL_LOCALE } from "../../shared/i18n/locales.ts";
import { mail } from "../../shared/i18n/mail.ts";
import { officeRoleName } from "../../shared/i18n/roster.ts";
import { currentLocale } from "../../shared/i18n/translate.ts";
import { rupees } from "../../shared/money.ts";
import type { Settings } from "../../shared/schemas/settings.ts";
import { linkParts } from "../../shared/web-links.ts";

/** The institute as e-mails sign it: its details plus its name (general.siteName). */
export type Institute = Settings["institute"] & { name: string };

export type EmailTemplate =
  | { template: "password_reset_code"; name: string; code: string }
  | { template: "application_access_code"; name: string; code: string; applicationNumber: string }
  /** returning: the student has a password already, so the link offers another (first-time words would mislead) */
  | { template: "student_credentials"; name: string; studentId: string; link: string; validDays: number; returning?: true }
  | { template: "staff_invitation"; name: string; role: "admin" | "staff"; link: string; validDays: number }
  | { template: "admission_received"; name: string; applicationNumber: string; statusUrl: string }
  | { template: "admission_approved"; name: string; applicationNumber: string; studentId: string; link: string; validDays: number }
  | { template: "admission_rejected"; name: string; applicationNumber: string; reason: string }
  /** subject: the inquiry's stored subject (its label is written in the recipient's language) */
  | { template: "contact_reply"; name: string; subject: string; reply: string; originalMessage: string }
  | { template: "two_factor_code"; name: string; code: string }
  | { template: "email_change_code"; name: string; code: string }
  | { template: "email_verification_code"; name: string; code: string }
  /** byOffice: the office changed it (the student's edit form), not the account itself (walk 31a) */
  | { template: "email_changed_notice"; name: string; newEmail: string; byOffice?: true }
  | { template: "admin_alert"; title: string; message: string }
  /**
   * a student's portal notification sent by e-mail too (issue 18: new material, results, overdue books…);
   * `record`: a record of their money, sent whatever their e-mail setting says (docs/fees/student.md), so the
   * mail does not say it came because the setting is on
   */
  | { template: "student_alert"; name: string; title: string; message: string; link: string; record?: true }
  | { template: "ticket_reply"; name: string; ticketNumber: string; subject: string; reply: string; link: string }
  /** a fee receipt just issued (issue 19): amount in paise, mode as stored, issuedOn YYYY-MM-DD */
  | {
      template: "fee_receipt";
      name: string;
      number: string;
      amount: number;
      /** of the amount, what paid a late fee (stop 49; absent from e-mails queued before) */
      lateFee?: number;
      mode: PaymentMode;
      issuedOn: string;
      /** the day the money was paid, YYYY-MM-DD (walk 29a; absent from e-mails queued before) */
      paidOn?: string;
      link: string;
    };

export interface RenderedEmail {
  template: EmailTemplate["template"];
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A paragraph's text, escaped, its web addresses as links (shared/web-links.ts, as the portal shows them). */
const linkedHtml = (text: string) =>
  linkParts(text)
    .map((part) =>
      "href" in part ? `<a href="${escapeHtml(part.href)}" style="color:#1d3a8a">${escapeHtml(part.text)}</a>` : escapeHtml(part.text),
    )
    .join("");

/** A block of the body: a paragraph, a highlighted code, a link button, or quoted text. */
type Block = { p: string } | { code: string } | { link: string; label: string } | { quote: string };

const minutes = Math.round(CODE_LIFETIME_SECONDS / 60);

/** A calendar day (YYYY-MM-DD) written out in the current language: 22 November 2026. */
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat(INTL_LOCALE[currentLocale()], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/**
 * The message of a template, in the language current while it is rendered: the recipient's (Mailer.enqueue
 * renders inside that language; docs/decisions/019). User data (names, replies, reasons) stays as written.
 */
function compose(t: EmailTemplate): { subject: string; blocks: Block[] } {
  const dear = (name: string) => ({ p: mail.t("dear", { name }) });
  // A code's e-mail: what the code is for, the code, and how many minutes it works (then what to do if unasked).
  const codeBlocks = (t: { name: string; code: string }, use: string, rest: string): Block[] => [
    dear(t.name),
    { p: use },
    { code: t.code },
    { p: `${mail.t("validFor", { minutes })} ${rest}` },
  ];
  // A new account's way in: what to open, the link that sets the first password, and how many days it works.
  const setPasswordSteps = (of: "credentials" | "credentials.again" | "invite" | "approved", link: string, validDays: number): Block[] => [
    { p: mail.t(`${of}.open`) },
    { link, label: mail.t("setPassword") },
    { p: mail.t(`${of}.valid`, { days: String(validDays) }) },
  ];
  switch (t.template) {
    case "password_reset_code":
      return {
        subject: mail.t("reset.subject"),
        blocks: codeBlocks(t, mail.t("reset.use"), mail.t("reset.ignore")),
      };
    case "application_access_code":
      return {
        subject: mail.t("access.subject", { number: t.applicationNumber }),
        blocks: codeBlocks(t, mail.t("access.use", { number: t.applicationNumber }), mail.t("access.ignore")),
      };
    case "student_credentials": {
      const of = t.returning ? "credentials.again" : "credentials";
      return {
        subject: mail.t(`${of}.subject`),
        blocks: [dear(t.name), { p: mail.t(`${of}.ready`, { studentId: t.studentId }) }, ...setPasswordSteps(of, t.link, t.validDays)],
      };
    }
    case "staff_invitation":
      return {
        subject: mail.t("invite.subject"),
        blocks: [
          dear(t.name),
          { p: mail.t("invite.text", { role: officeRoleName(t.role) }) },
          ...setPasswordSteps("invite", t.link, t.validDays),
        ],
      };
    case "admission_received":
      return {
        subject: mail.t("received.subject", { number: t.applicationNumber }),
        blocks: [
          dear(t.name),
          { p: mail.t("received.thanks", { number: t.applicationNumber }) },
          { p: mail.t("received.follow") },
          { link: t.statusUrl, label: mail.t("received.link") },
        ],
      };
    case "admission_approved":
      return {
        subject: mail.t("approved.subject", { number: t.applicationNumber }),
        blocks: [
          dear(t.name),
          { p: mail.t("approved.text", { number: t.applicationNumber, studentId: t.studentId }) },
          ...setPasswordSteps("approved", t.link, t.validDays),
        ],
      };
    case "admission_rejected":
      return {
        subject: mail.t("rejected.subject", { number: t.applicationNumber }),
        blocks: [
          dear(t.name),
          { p: mail.t("rejected.text", { number: t.applicationNumber }) },
          { p: mail.t("rejected.reason") },
          { quote: t.reason },
          { p: mail.t("rejected.questions") },
        ],
      };
    case "contact_reply":
      return {
        subject: mail.t("reply.subject", { subject: mail.t("inquiry.subject", { subject: contactSubjectLabel(t.subject) }) }),
        blocks: [dear(t.name), { p: t.reply }, { p: mail.t("reply.original") }, { quote: t.originalMessage }],
      };
    case "two_factor_code":
      return {
        subject: mail.t("twoFactor.subject"),
        blocks: codeBlocks(t, mail.t("twoFactor.use"), mail.t("twoFactor.warn")),
      };
    case "email_change_code":
      return {
        subject: mail.t("change.subject"),
        blocks: codeBlocks(t, mail.t("change.use"), mail.t("change.ignore")),
      };
    case "email_verification_code":
      return {
        subject: mail.t("verify.subject"),
        blocks: codeBlocks(t, mail.t("verify.use"), mail.t("twoFactor.warn")),
      };
    case "ticket_reply":
      return {
        subject: `${mail.t("reply.subject", { subject: t.subject })} [${t.ticketNumber}]`,
        blocks: [
          t.name ? dear(t.name) : { p: mail.t("hello") },
          { p: mail.t("ticket.answered", { number: t.ticketNumber }) },
          { quote: t.reply },
          { p: mail.t("ticket.follow") },
          { link: t.link, label: mail.t("ticket.link") },
        ],
      };
    case "admin_alert":
      return {
        subject: t.title,
        blocks: [{ p: t.message }, { p: mail.t("alert.where") }, { p: mail.t("alert.why") }],
      };
    case "student_alert":
      return {
        subject: t.title,
        blocks: [
          dear(t.name),
          { p: t.message },
          { link: t.link, label: mail.t("student.portal") },
          { p: mail.t(t.record ? "student.whyRecord" : "student.why") },
        ],
      };
    case "fee_receipt": {
      const amount = rupees(t.amount);
      const facts = [
        mail.t("feeReceipt.number", { number: t.number }),
        mail.t("feeReceipt.amount", { amount }),
        ...(t.lateFee ? [mail.t("feeReceipt.lateFee", { amount: rupees(t.lateFee) })] : []),
        mail.t("feeReceipt.mode", { mode: fees.t(`mode.${t.mode}`) }),
        mail.t("feeReceipt.date", { date: calendarDay(t.issuedOn) }),
        ...(t.paidOn ? [mail.t("feeReceipt.paidOn", { date: calendarDay(t.paidOn) })] : []),
      ];
      return {
        subject: mail.t("feeReceipt.subject", { number: t.number }),
        blocks: [
          dear(t.name),
          { p: mail.t("feeReceipt.thanks", { amount }) },
          { p: facts.join("\n") },
          { p: mail.t("feeReceipt.open") },
          { link: t.link, label: mail.t("feeReceipt.link") },
        ],
      };
    }
    case "email_changed_notice":
      return {
        subject: mail.t("changed.subject"),
        blocks: [
          dear(t.name),
          { p: mail.t(t.byOffice ? "changed.byOffice" : "changed.text", { email: t.newEmail }) },
          { p: mail.t(t.byOffice ? "changed.notAsked" : "changed.notYou") },
        ],
      };
  }
}

/**
 * A link of the e-mail, to open the site in the e-mail's language (`lang=`, as a shared link carries it; the page
 * takes it and remembers it): without it a Hindi e-mail's link opened an English page on a new device, and an English
 * one the institute's default language (walk 29a).
 */
function inThisLanguage(link: string): string {
  if (!URL.canParse(link)) return link;
  const url = new URL(link);
  url.searchParams.set("lang", currentLocale());
  return url.href;
}

export function renderEmail(t: EmailTemplate, institute: Institute): RenderedEmail {
  const composed = compose(t);
  const { subject } = composed;
  const blocks = composed.blocks.map((b) => ("link" in b ? { ...b, link: inThisLanguage(b.link) } : b));
  const contact = [institute.email, ...institute.phones].join(" · ");
  // Blocks stand a blank line apart; the sign-off's lines follow each other, as in the HTML part (walk 29a: the text
  // part had three blank lines before it, and one between its lines).
  const body = blocks.map((b) =>
    "p" in b
      ? b.p
      : "code" in b
        ? `    ${b.code}`
        : "link" in b
          ? `${b.label}: ${b.link}`
          : b.quote
              .split("\n")
              .map((l) => `> ${l}`)
              .join("\n"),
  );
  const text = `${body.join("\n\n")}\n\n${mail.t("regards")}\n${institute.name}\n${contact}`;

  const htmlBlocks = blocks
    .map((b) => {
      if ("p" in b) return `<p style="margin:0 0 16px">${linkedHtml(b.p).replace(/\n/g, "<br>")}</p>`;
      if ("code" in b)
        return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700;color:#1d3a8a">${escapeHtml(b.code)}</p>`;
      if ("link" in b)
        return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.link)}" style="display:inline-block;background:#1d3a8a;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(b.label)}</a><br><span style="font-size:13px;color:#475569">${escapeHtml(b.link)}</span></p>`;
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #f59e0b;background:#f8fafc">${escapeHtml(b.quote).replace(/\n/g, "<br>")}</blockquote>`;
    })
    .join("\n");
  const html = `<!doctype html><html lang="${currentLocale()}"><body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 24px;font-weight:700;color:#1d3a8a;font-size:18px">${escapeHtml(institute.name)}</p>
${htmlBlocks}
<p style="margin:24px 0 0">${escapeHtml(mail.t("regards"))}<br>${escapeHtml(institute.name)}</p>
<p style="margin:8px 0 0;font-size:13px;color:#475569">${escapeHtml(contact)}</p>
</div></body></html>`;
  return { template: t.template, subject, text, html };
}
