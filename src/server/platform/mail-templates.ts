/**
 * Every e-mail the product sends, as plain text and HTML, signed with the institute's name and contact
 * details from settings. Values are escaped in the HTML part.
 */
import { CODE_LIFETIME_SECONDS } from "../../shared/constants.ts";
import type { Settings } from "../../shared/schemas/settings.ts";

/** The institute as e-mails sign it: its details plus its name (general.siteName). */
export type Institute = Settings["institute"] & { name: string };

export type EmailTemplate =
  | { template: "password_reset_code"; name: string; code: string }
  | { template: "application_access_code"; name: string; code: string; applicationNumber: string }
  | { template: "student_credentials"; name: string; studentId: string; link: string; validDays: number }
  | { template: "admission_received"; name: string; applicationNumber: string; statusUrl: string }
  | { template: "admission_approved"; name: string; applicationNumber: string; studentId: string; link: string; validDays: number }
  | { template: "admission_rejected"; name: string; applicationNumber: string; reason: string }
  | { template: "contact_reply"; name: string; subject: string; reply: string; originalMessage: string }
  | { template: "two_factor_code"; name: string; code: string }
  | { template: "email_change_code"; name: string; code: string }
  | { template: "email_verification_code"; name: string; code: string }
  | { template: "email_changed_notice"; name: string; newEmail: string }
  | { template: "admin_alert"; title: string; message: string }
  | { template: "ticket_reply"; name: string; ticketNumber: string; subject: string; reply: string; link: string };

export interface RenderedEmail {
  template: EmailTemplate["template"];
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A block of the body: a paragraph, a highlighted code, a link button, or quoted text. */
type Block = { p: string } | { code: string } | { link: string; label: string } | { quote: string };

const minutes = Math.round(CODE_LIFETIME_SECONDS / 60);

function compose(t: EmailTemplate): { subject: string; blocks: Block[] } {
  switch (t.template) {
    case "password_reset_code":
      return {
        subject: "Your password reset code",
        blocks: [
          { p: `Dear ${t.name},` },
          { p: "Use this code to reset your password:" },
          { code: t.code },
          {
            p: `The code is valid for ${minutes} minutes. If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.`,
          },
        ],
      };
    case "application_access_code":
      return {
        subject: `Your access code for application ${t.applicationNumber}`,
        blocks: [
          { p: `Dear ${t.name},` },
          { p: `Use this code to view or edit your application ${t.applicationNumber}:` },
          { code: t.code },
          {
            p: `The code is valid for ${minutes} minutes. If you did not ask for it, someone may have typed your e-mail address by mistake; nobody can see your application without this code.`,
          },
        ],
      };
    case "student_credentials":
      return {
        subject: "Set up your student portal account",
        blocks: [
          { p: `Dear ${t.name},` },
          { p: `Your student portal account is ready. Your student ID is ${t.studentId}.` },
          { p: "Open this link to choose your password and sign in for the first time:" },
          { link: t.link, label: "Set my password" },
          { p: `The link works once and is valid for ${t.validDays} days. If it has expired, ask the institute to send a new one.` },
        ],
      };
    case "admission_received":
      return {
        subject: `We have received your application ${t.applicationNumber}`,
        blocks: [
          { p: `Dear ${t.name},` },
          {
            p: `Thank you for applying. Your application number is ${t.applicationNumber}. We review every application within 2–3 business days.`,
          },
          { p: "You can follow your application at any time:" },
          { link: t.statusUrl, label: "Check application status" },
        ],
      };
    case "admission_approved":
      return {
        subject: `Congratulations! Your application ${t.applicationNumber} is approved`,
        blocks: [
          { p: `Dear ${t.name},` },
          {
            p: `We are delighted to tell you that your application ${t.applicationNumber} has been approved. Welcome to the institute! Your student ID is ${t.studentId}.`,
          },
          { p: "Open this link to choose your password and sign in to the student portal:" },
          { link: t.link, label: "Set my password" },
          { p: `The link works once and is valid for ${t.validDays} days.` },
        ],
      };
    case "admission_rejected":
      return {
        subject: `About your application ${t.applicationNumber}`,
        blocks: [
          { p: `Dear ${t.name},` },
          {
            p: `Thank you for your interest in the institute. After careful review, we are unable to accept your application ${t.applicationNumber} at this time.`,
          },
          { p: "The reason given by our admissions team:" },
          { quote: t.reason },
          { p: "If you have questions or would like to apply again, please reply to this e-mail or call us." },
        ],
      };
    case "contact_reply":
      return {
        subject: `Re: ${t.subject}`,
        blocks: [{ p: `Dear ${t.name},` }, { p: t.reply }, { p: "Your original message:" }, { quote: t.originalMessage }],
      };
    case "two_factor_code":
      return {
        subject: "Your sign-in code",
        blocks: [
          { p: `Dear ${t.name},` },
          { p: "Use this code to finish signing in:" },
          { code: t.code },
          { p: `The code is valid for ${minutes} minutes. If you did not just try to sign in, change your password now.` },
        ],
      };
    case "email_change_code":
      return {
        subject: "Confirm your new e-mail address",
        blocks: [
          { p: `Dear ${t.name},` },
          { p: "Use this code to make this your sign-in and contact address at the institute:" },
          { code: t.code },
          {
            p: `The code is valid for ${minutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes without the code.`,
          },
        ],
      };
    case "email_verification_code":
      return {
        subject: "Confirm your e-mail address",
        blocks: [
          { p: `Dear ${t.name},` },
          { p: "Please confirm that this is your e-mail address. Enter this code to finish signing in:" },
          { code: t.code },
          { p: `The code is valid for ${minutes} minutes. If you did not just try to sign in, change your password now.` },
        ],
      };
    case "ticket_reply":
      return {
        subject: `Re: ${t.subject} [${t.ticketNumber}]`,
        blocks: [
          { p: t.name ? `Dear ${t.name},` : "Hello," },
          { p: `We have answered your support ticket ${t.ticketNumber}:` },
          { quote: t.reply },
          { p: "You can reply to this e-mail, or sign in to the student portal to follow the ticket:" },
          { link: t.link, label: "Sign in to the portal" },
        ],
      };
    case "admin_alert":
      return {
        subject: t.title,
        blocks: [
          { p: t.message },
          { p: "It is also in the admin area under Notifications." },
          { p: "You receive this because e-mail alerts are on in Settings → Notifications; switch them off there." },
        ],
      };
    case "email_changed_notice":
      return {
        subject: "Your e-mail address was changed",
        blocks: [
          { p: `Dear ${t.name},` },
          {
            p: `The e-mail address of your account was changed to ${t.newEmail}. From now on we write to that address, and you sign in with it.`,
          },
          { p: "If you did not make this change, please contact the institute at once: reply to this e-mail or call us." },
        ],
      };
  }
}

export function renderEmail(t: EmailTemplate, institute: Institute): RenderedEmail {
  const { subject, blocks } = compose(t);
  const contact = [institute.email, ...institute.phones].join(" · ");
  const text = [
    ...blocks.map((b) =>
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
    ),
    "",
    "Warm regards,",
    institute.name,
    contact,
  ].join("\n\n");

  const htmlBlocks = blocks
    .map((b) => {
      if ("p" in b) return `<p style="margin:0 0 16px">${escapeHtml(b.p).replace(/\n/g, "<br>")}</p>`;
      if ("code" in b)
        return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700;color:#1d3a8a">${escapeHtml(b.code)}</p>`;
      if ("link" in b)
        return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.link)}" style="display:inline-block;background:#1d3a8a;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(b.label)}</a><br><span style="font-size:13px;color:#475569">${escapeHtml(b.link)}</span></p>`;
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #f59e0b;background:#f8fafc">${escapeHtml(b.quote).replace(/\n/g, "<br>")}</blockquote>`;
    })
    .join("\n");
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 24px;font-weight:700;color:#1d3a8a;font-size:18px">${escapeHtml(institute.name)}</p>
${htmlBlocks}
<p style="margin:24px 0 0">Warm regards,<br>${escapeHtml(institute.name)}</p>
<p style="margin:8px 0 0;font-size:13px;color:#475569">${escapeHtml(contact)}</p>
</div></body></html>`;
  return { template: t.template, subject, text, html };
}
