/**
 * A student's record in full (the spec's view-details modal). Edit switches to the edit dialog; Send
 * Credentials and Activate/Deactivate are here too, each asking first. Opened by an address (`?open=12`), it
 * shows a skeleton until the record arrives, or why it did not with a way to try again.
 */
import { Link } from "wouter";
import { EMERGENCY_RELATIONSHIPS } from "../../../shared/constants.ts";
import { genderLabel, person, relationshipLabel } from "../../../shared/i18n/person.ts";
import { roster } from "../../../shared/i18n/roster.ts";
import { Avatar } from "../../layouts/avatar.tsx";
import { useT } from "../../lib/i18n.tsx";
import { mailHref, telHref } from "../../lib/links.ts";
import { KeyIcon, PowerIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { DetailsFact, DetailsSection } from "../../ui/details-section.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FileIcon } from "../../ui/icons.tsx";
import { formatDate, formatDateTime } from "../../ui/list-controls.tsx";
import { RecordLoadState } from "../../ui/load-error.tsx";
import { EditIcon } from "../../ui/more-icons.tsx";
import type { StudentRow } from "./student-form.ts";

export interface StudentDetailsDialogProps {
  open: boolean;
  student: StudentRow | null;
  /** the record is being read (opened by its address, not from the list) */
  loading: boolean;
  /** why it could not be read, with onRetry to ask again */
  loadError: string | null;
  onRetry?: () => void;
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

/** One of the form's relationships (labelled in the reader's language); anything else is shown as stored. */
export const isRelationship = (value: string): value is (typeof EMERGENCY_RELATIONSHIPS)[number] =>
  (EMERGENCY_RELATIONSHIPS as readonly string[]).includes(value);

const or = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "—");

export function StudentDetailsDialog({
  open,
  student,
  loading,
  loadError,
  onRetry,
  onEdit,
  onSendCredentials,
  onToggleStatus,
  onUnlock,
  onSignOutEverywhere,
  unlocking = false,
  onClose,
}: StudentDetailsDialogProps) {
  const t = useT(roster);
  useT(person); // the gender and the emergency contact's relationship
  const s = student;
  const ec = s?.emergencyContact;
  const hasEmergency = Boolean(ec && (ec.name || ec.relationship || ec.phone || ec.email));
  return (
    <Dialog
      startAtClose
      open={open}
      onClose={onClose}
      size="lg"
      title={s ? s.name : t("det.student")}
      description={s ? t("det.idLine", { id: s.student_id ?? "—" }) : undefined}
      footer={
        s ? (
          <>
            <Button variant="ghost" className="ops-footer-start" onClick={() => onToggleStatus(s)}>
              <PowerIcon size={18} /> {s.isActive ? t("deactivate.button") : t("activate.button")}
            </Button>
            {/* The office prints the card the student's portal prints (walk 18). */}
            <Link href={`/students/${s.id}/id-card`} className={buttonClass("secondary")}>
              <FileIcon size={18} /> {t("card.button")}
            </Link>
            {s.isActive ? (
              <Button variant="secondary" onClick={() => onSendCredentials(s)}>
                <KeyIcon size={18} /> {t("credentials.button")}
              </Button>
            ) : null}
            <Button onClick={() => onEdit(s)}>
              <EditIcon size={18} /> {t("det.edit")}
            </Button>
          </>
        ) : null
      }
    >
      <RecordLoadState shown={s !== null} loading={loading} loadError={loadError} onRetry={onRetry} />
      {s ? (
        <div className="stack">
          <div className="ops-student-summary">
            <Avatar name={s.name} photoUrl={s.profilePhoto} size="lg" />
            <div className="stack stack--xs">
              <div className="cluster cluster--sm">
                <Badge tone={s.isActive ? "approved" : "rejected"}>{s.isActive ? t("active") : t("inactive")}</Badge>
                {s.standard ? <Badge tone="info">{s.standard}</Badge> : null}
              </div>
              <p className="text-sm text-muted">
                {s.lastLogin
                  ? t("det.joinedLast", { date: formatDate(s.createdAt), time: formatDateTime(s.lastLogin) })
                  : t("det.joinedNever", { date: formatDate(s.createdAt) })}
              </p>
            </div>
          </div>
          <dl className="ops-details ops-details--two">
            <DetailsFact label={t("det.email")}>
              <a href={mailHref(s.email)}>{s.email}</a>
            </DetailsFact>
            <DetailsFact label={t("field.mobile")}>{s.mobile ? <a href={telHref(s.mobile)}>{s.mobile}</a> : "—"}</DetailsFact>
            <DetailsFact label={t("field.standard")}>{or(s.standard)}</DetailsFact>
            {s.course ? <DetailsFact label={t("det.admittedTo")}>{s.course}</DetailsFact> : null}
            <DetailsFact label={t("field.dateOfBirth")}>{s.dateOfBirth ? formatDate(s.dateOfBirth) : "—"}</DetailsFact>
            <DetailsFact label={t("field.bloodGroup")}>{or(s.bloodGroup)}</DetailsFact>
            <DetailsFact label={t("field.gender")}>{s.gender ? genderLabel(s.gender) : "—"}</DetailsFact>
            <DetailsFact wide label={t("field.address")} className="ops-prewrap">
              {or(s.address)}
            </DetailsFact>
            <DetailsFact label={t("field.city")}>{or(s.city)}</DetailsFact>
            <DetailsFact label={t("field.state")}>{or(s.state)}</DetailsFact>
            <DetailsFact label={t("field.pincode")}>{or(s.pincode)}</DetailsFact>
          </dl>
          <DetailsSection id="student-signin-heading" title={t("det.signIn")}>
            {isLocked(s) ? (
              <p className="text-sm">
                <Badge tone="rejected">{t("locked")}</Badge> {t("det.lockedUntil", { time: formatDateTime(s.lockedUntil!) })}
              </p>
            ) : (
              <p className="text-sm text-muted">{t("det.notLocked")}</p>
            )}
            <div className="cluster cluster--sm">
              {isLocked(s) ? (
                <Button variant="secondary" size="sm" loading={unlocking} onClick={() => onUnlock(s)}>
                  <KeyIcon size={16} /> {t("det.unlock")}
                </Button>
              ) : null}
              <Button variant="secondary" size="sm" onClick={() => onSignOutEverywhere(s)}>
                <PowerIcon size={16} /> {t("signout.button")}
              </Button>
            </div>
          </DetailsSection>
          <DetailsSection id="student-emergency-heading" title={t("det.emergency")}>
            {hasEmergency && ec ? (
              <dl className="ops-details ops-details--two">
                <DetailsFact label={t("det.name")}>{or(ec.name)}</DetailsFact>
                <DetailsFact label={t("field.emergencyRelationship")}>
                  {ec.relationship?.trim() ? relationshipLabel(ec.relationship) : "—"}
                </DetailsFact>
                <DetailsFact label={t("det.phone")}>{ec.phone ? <a href={telHref(ec.phone)}>{ec.phone}</a> : "—"}</DetailsFact>
                <DetailsFact label={t("det.email")}>{ec.email ? <a href={mailHref(ec.email)}>{ec.email}</a> : "—"}</DetailsFact>
              </dl>
            ) : (
              <p className="text-sm text-muted">{t("det.noEmergency")}</p>
            )}
          </DetailsSection>
        </div>
      ) : null}
    </Dialog>
  );
}
