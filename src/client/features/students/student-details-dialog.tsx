/**
 * A student's record in full (the spec's view-details modal). Edit switches to the edit dialog; Send
 * Credentials and Activate/Deactivate are here too, each asking first.
 */
import { Avatar } from "../../layouts/avatar.tsx";
import { KeyIcon, PowerIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { formatDate, formatDateTime } from "../../ui/list-controls.tsx";
import { EditIcon } from "../../ui/more-icons.tsx";
import type { StudentRow } from "./student-form.ts";

export interface StudentDetailsDialogProps {
  student: StudentRow | null;
  onEdit: (student: StudentRow) => void;
  onSendCredentials: (student: StudentRow) => void;
  onToggleStatus: (student: StudentRow) => void;
  /** lifts a lock after too many wrong passwords (shown only while locked) */
  onUnlock: (student: StudentRow) => void;
  onSignOutEverywhere: (student: StudentRow) => void;
  unlocking?: boolean;
  onClose: () => void;
}

/** Sign-in is locked after too many wrong passwords until this time (the server's lockedUntil). */
export const isLocked = (s: Pick<StudentRow, "lockedUntil">, now = Date.now()) => s.lockedUntil !== null && Date.parse(s.lockedUntil) > now;

const or = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "—");

export function StudentDetailsDialog({
  student,
  onEdit,
  onSendCredentials,
  onToggleStatus,
  onUnlock,
  onSignOutEverywhere,
  unlocking = false,
  onClose,
}: StudentDetailsDialogProps) {
  const s = student;
  const ec = s?.emergencyContact;
  const hasEmergency = Boolean(ec && (ec.name || ec.relationship || ec.phone || ec.email));
  return (
    <Dialog
      open={s !== null}
      onClose={onClose}
      size="lg"
      title={s ? s.name : "Student"}
      description={s ? `Student ID ${s.student_id ?? "—"}` : undefined}
      footer={
        s ? (
          <>
            <Button variant="ghost" className="ops-footer-start" onClick={() => onToggleStatus(s)}>
              <PowerIcon size={18} /> {s.isActive ? "Deactivate" : "Activate"}
            </Button>
            {s.isActive ? (
              <Button variant="secondary" onClick={() => onSendCredentials(s)}>
                <KeyIcon size={18} /> Send Credentials
              </Button>
            ) : null}
            <Button onClick={() => onEdit(s)}>
              <EditIcon size={18} /> Edit
            </Button>
          </>
        ) : null
      }
    >
      {s ? (
        <div className="stack">
          <div className="ops-student-summary">
            <Avatar name={s.name} photoUrl={s.profilePhoto} size="lg" />
            <div className="stack stack--xs">
              <div className="cluster cluster--sm">
                <Badge tone={s.isActive ? "approved" : "rejected"}>{s.isActive ? "Active" : "Inactive"}</Badge>
                {s.standard ? <Badge tone="info">{s.standard}</Badge> : null}
              </div>
              <p className="text-sm text-muted">
                Joined {formatDate(s.createdAt)} · {s.lastLogin ? `last signed in ${formatDateTime(s.lastLogin)}` : "has not signed in yet"}
              </p>
            </div>
          </div>
          <dl className="ops-details ops-details--two">
            <div className="ops-details__row">
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${s.email}`}>{s.email}</a>
              </dd>
            </div>
            <div className="ops-details__row">
              <dt>Mobile</dt>
              <dd>{s.mobile ? <a href={`tel:${s.mobile.replace(/[^\d+]/g, "")}`}>{s.mobile}</a> : "—"}</dd>
            </div>
            <div className="ops-details__row">
              <dt>Course/Standard</dt>
              <dd>{or(s.standard)}</dd>
            </div>
            {s.course ? (
              <div className="ops-details__row">
                <dt>Admitted to</dt>
                <dd>{s.course}</dd>
              </div>
            ) : null}
            <div className="ops-details__row">
              <dt>Date of birth</dt>
              <dd>{s.dateOfBirth ? formatDate(s.dateOfBirth) : "—"}</dd>
            </div>
            <div className="ops-details__row">
              <dt>Blood group</dt>
              <dd>{or(s.bloodGroup)}</dd>
            </div>
            <div className="ops-details__row ops-details__row--wide">
              <dt>Address</dt>
              <dd className="ops-prewrap">{or(s.address)}</dd>
            </div>
          </dl>
          <section aria-labelledby="student-signin-heading" className="stack stack--sm">
            <h3 id="student-signin-heading" className="ops-subheading">
              Sign-in
            </h3>
            {isLocked(s) ? (
              <p className="text-sm">
                <Badge tone="rejected">Locked</Badge> Too many wrong passwords: sign-in is locked until {formatDateTime(s.lockedUntil!)}.
              </p>
            ) : (
              <p className="text-sm text-muted">Sign-in is not locked.</p>
            )}
            <div className="cluster cluster--sm">
              {isLocked(s) ? (
                <Button variant="secondary" size="sm" loading={unlocking} onClick={() => onUnlock(s)}>
                  <KeyIcon size={16} /> Unlock sign-in
                </Button>
              ) : null}
              <Button variant="secondary" size="sm" onClick={() => onSignOutEverywhere(s)}>
                <PowerIcon size={16} /> Sign out everywhere
              </Button>
            </div>
          </section>
          <section aria-labelledby="student-emergency-heading" className="stack stack--sm">
            <h3 id="student-emergency-heading" className="ops-subheading">
              Emergency contact
            </h3>
            {hasEmergency && ec ? (
              <dl className="ops-details ops-details--two">
                <div className="ops-details__row">
                  <dt>Name</dt>
                  <dd>{or(ec.name)}</dd>
                </div>
                <div className="ops-details__row">
                  <dt>Relationship</dt>
                  <dd>{or(ec.relationship)}</dd>
                </div>
                <div className="ops-details__row">
                  <dt>Phone</dt>
                  <dd>{ec.phone ? <a href={`tel:${ec.phone.replace(/[^\d+]/g, "")}`}>{ec.phone}</a> : "—"}</dd>
                </div>
                <div className="ops-details__row">
                  <dt>E-mail</dt>
                  <dd>{ec.email ? <a href={`mailto:${ec.email}`}>{ec.email}</a> : "—"}</dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-muted">Not given. Use Edit to add one.</p>
            )}
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}
