/**
 * Every action the audit log records (issue 14.6). The server can write only these (platform/audit.ts), and
 * the admin's Activity log has a sentence for each (client activity-text.ts): a new action that lacks its
 * sentence fails `tsc`.
 */
export const AUDIT_ACTIONS = [
  "account.sign_in",
  "account.locked",
  "account.first_login",
  "account.password_changed",
  "account.password_reset",
  "account.logout_all",
  "account.photo_update",
  "account.two_factor_on",
  "account.two_factor_off",
  "account.email_change_requested",
  "account.email_changed",
  "admission.approve",
  "admission.reject",
  "admission.delete",
  "student.create",
  "student.update",
  "student.delete",
  "student.activate",
  "student.deactivate",
  "student.send_credentials",
  "student.unlock",
  "student.sign_out_everywhere",
  "student.export",
  "student.profile_update",
  "contact.status",
  "contact.reply",
  "contact.delete",
  "contact.assign",
  "gallery.upload",
  "gallery.update",
  "gallery.delete",
  "ticket.status",
  "ticket.assign",
  "staff.invite",
  "staff.reinvite",
  "staff.role",
  "staff.activate",
  "staff.deactivate",
  "settings.update",
  "analytics.export",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
