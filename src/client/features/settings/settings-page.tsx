/**
 * /admin/settings — System Settings (spec part 2; DECISIONS 3): a side menu of five sections kept in the
 * URL (`?section=`; General when absent), each saved with Save Settings: Profile through
 * auth.updateProfile, the others through settings.update (the open section only; the server merges it
 * over the stored values and enforces it). 'Saving...' while busy, then 'Settings saved successfully!' for
 * 3 seconds. Edits in other sections are kept while moving between them and marked as unsaved; Reset
 * Changes puts back the stored values, asking first when something would be lost.
 */

import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { alerts } from "../../../shared/i18n/alerts.ts";
import { config } from "../../../shared/i18n/config.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatList } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ServerIcon, ShieldIcon } from "../../ui/admin-icons.tsx";
import { Button } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";
import { BellIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { ConfirmDialog } from "../../ui/list-controls.tsx";
import { PageFrame } from "../../ui/list-page.tsx";
import { FormFailure, ListLoadError } from "../../ui/load-error.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";
import { SettingsIcon, UserIcon } from "../../ui/more-icons.tsx";
import { useToast } from "../../ui/toast.tsx";
import { GeneralSection } from "./general-section.tsx";
import { NotificationsSection } from "./notifications-section.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { OwnSessions, OwnTwoStep, PasswordChange, SecuritySection } from "./security-section.tsx";
import {
  DEFAULT_SECTION,
  type FieldErrorMap,
  formsFromSettings,
  type ProfileForm,
  parseSection,
  payloadFor,
  profilePayload,
  SAVED_MESSAGE_MS,
  SETTINGS_SECTIONS,
  SETTINGS_TEXT,
  type SectionId,
  type SettingsForms,
  sameValue,
  sectionFieldErrors,
} from "./settings-form.ts";
import { SystemSection } from "./system-section.tsx";

const ICONS: Record<SectionId, ReactNode> = {
  profile: <UserIcon size={18} />,
  general: <SettingsIcon size={18} />,
  security: <ShieldIcon size={18} />,
  notifications: <BellIcon size={18} />,
  system: <ServerIcon size={18} />,
};

const sectionHref = (id: SectionId) => (id === DEFAULT_SECTION ? "/settings" : `/settings?section=${id}`);

/** The 4xx message the server gave for a refused save, else the spec's fallback. */
function saveFailure(err: unknown) {
  const error = normaliseError(err);
  const fromServer = error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 401;
  return { error, message: fromServer ? error.message : SETTINGS_TEXT.saveFailed };
}

export default function AdminSettingsPage() {
  const t = useT(config);
  useT(alerts); // the notification types in the Notifications section
  const session = useSession();
  // Staff (issue 17) have their own profile and password here, not the institute's settings: "Your settings".
  const administrator = isAdministrator(session.user?.role);
  const title = administrator ? t("title") : t("title.own");
  const sections = administrator ? SETTINGS_SECTIONS : SETTINGS_SECTIONS.filter((s) => s.id === "profile");
  const asked = parseSection(useSearch());
  const section: SectionId = administrator ? asked : "profile";
  const toast = useToast();
  const utils = trpc.useUtils();
  const stored = trpc.settings.get.useQuery(undefined, { staleTime: 0, enabled: administrator });
  const update = trpc.settings.update.useMutation();
  const updateProfile = trpc.auth.updateProfile.useMutation();

  const [baseline, setBaseline] = useState<SettingsForms | null>(null);
  const [forms, setForms] = useState<SettingsForms | null>(null);
  const profileFromUser = (): ProfileForm => ({ name: session.user?.name ?? "", email: session.user?.email ?? "", mobile: "" });
  const [profileBaseline, setProfileBaseline] = useState<ProfileForm>(profileFromUser);
  const [profile, setProfile] = useState<ProfileForm>(profileFromUser);
  const [errors, setErrors] = useState<Partial<Record<SectionId, FieldErrorMap>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusInvalid = useRef(false);

  // The stored values become the forms once they arrive (and again after Reset Changes).
  useEffect(() => {
    if (stored.data && forms === null) {
      const loaded = formsFromSettings(stored.data.settings);
      setBaseline(loaded);
      setForms(loaded);
    }
  }, [stored.data, forms]);

  // 'Settings saved successfully!' for 3 seconds.
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  // After a refused save, the first field with a message takes the focus (its message is read out).
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  // Phones show the menu as a sideways row: keep the open section's pill in view (the row scrolls, not the page).
  const navRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = navRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const left = active.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - (list.clientWidth - active.offsetWidth) / 2);
    }
  }, [section]);

  // Moving to another section: the old section's outcome is not this one's.
  useEffect(() => {
    setFailure(null);
    setSavedAt(null);
  }, [section]);

  const dirty = (id: SectionId): boolean => {
    if (id === "profile") return !sameValue(profile, profileBaseline);
    return forms !== null && baseline !== null && !sameValue(forms[id], baseline[id]);
  };
  const dirtySections = sections.filter((s) => dirty(s.id));

  // Leaving the page (a link, reload, closing the tab) with unsaved edits asks first; another section keeps them.
  const anyDirty = dirtySections.length > 0;
  useLeaveWarning(anyDirty, undefined, { keepsOnThisPage: true });

  function clearFieldError(id: SectionId, fields: string[]) {
    setErrors((all) => {
      const current = all[id];
      if (!current || !fields.some((f) => f in current || "_form" in current)) return all;
      const next = { ...current };
      for (const f of fields) delete next[f];
      delete next._form;
      return { ...all, [id]: next };
    });
  }

  function edit<K extends keyof SettingsForms>(id: K, patch: Partial<SettingsForms[K]>) {
    setForms((f) => (f ? { ...f, [id]: { ...f[id], ...patch } } : f));
    clearFieldError(id, Object.keys(patch));
    setSavedAt(null);
  }

  function editProfile(patch: Partial<ProfileForm>) {
    setProfile((p) => ({ ...p, ...patch }));
    clearFieldError("profile", Object.keys(patch));
    setSavedAt(null);
  }

  function refuse(id: SectionId, fieldErrors: FieldErrorMap, message: string | null) {
    focusInvalid.current = true;
    setErrors((all) => ({ ...all, [id]: fieldErrors }));
    setFailure(message);
  }

  async function save() {
    if (saving) return;
    setFailure(null);
    setSavedAt(null);
    if (section === "profile") {
      const checked = profilePayload(profile);
      if (!checked.ok) return refuse("profile", checked.messages, checked.messages._form ?? null);
      setSaving(true);
      try {
        const { user } = await updateProfile.mutateAsync(checked.value);
        session.updateUser(user);
        const next = { name: user.name, email: user.email, mobile: profile.mobile.trim() };
        setProfile(next);
        setProfileBaseline(next);
        setErrors((all) => ({ ...all, profile: {} }));
        setSavedAt(Date.now());
      } catch (err) {
        const { error, message } = saveFailure(err);
        refuse("profile", Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, m]) => [k, m[0] ?? ""])), message);
      } finally {
        setSaving(false);
      }
      return;
    }
    if (!forms) return;
    const checked = payloadFor(section, forms, baseline ?? undefined);
    if (!checked.ok) return refuse(section, checked.messages, null);
    setSaving(true);
    try {
      const answer = await update.mutateAsync(checked.value);
      const fresh = formsFromSettings(answer.settings);
      // The saved section takes the server's values; unsaved edits elsewhere stay as they are, measured against
      // where those sections started (only their changes are sent when they are saved).
      setBaseline((b) => (b ? { ...b, [section]: fresh[section] } : fresh));
      setForms((f) => (f ? { ...f, [section]: fresh[section] } : fresh));
      setErrors((all) => ({ ...all, [section]: {} }));
      utils.settings.get.setData(undefined, { settings: answer.settings });
      // The institute's name and the maintenance switch reach the rest of the site through site.info.
      if (section === "general" || section === "system") void utils.site.info.invalidate();
      setSavedAt(Date.now());
    } catch (err) {
      const { error, message } = saveFailure(err);
      refuse(section, sectionFieldErrors(section, error.errors), message);
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    setConfirmReset(false);
    setResetting(true);
    setFailure(null);
    setSavedAt(null);
    try {
      const fresh = administrator ? await stored.refetch() : null;
      if (fresh?.data) {
        const loaded = formsFromSettings(fresh.data.settings);
        setBaseline(loaded);
        setForms(loaded);
      }
      const mine = profileFromUser();
      setProfile(mine);
      setProfileBaseline(mine);
      setErrors({});
      setResetKey((k) => k + 1);
      if (fresh?.isError) setFailure(SETTINGS_TEXT.loadFailed);
      else toast.show(t("putBack"), "info");
    } finally {
      setResetting(false);
    }
  }

  const current = SETTINGS_SECTIONS.find((s) => s.id === section)!;
  const needsStored = section !== "profile";
  const sectionErrors = errors[section] ?? {};

  let content: ReactNode;
  if (!needsStored) {
    content = (
      <>
        <ProfileSection
          value={profile}
          errors={sectionErrors}
          currentPhotoUrl={session.user?.photo?.url ?? null}
          resetKey={resetKey}
          onChange={editProfile}
        />
        {/* Staff have no Security section: their own password is changed here. */}
        {administrator ? null : <PasswordChange key={resetKey} />}
        <OwnTwoStep />
        <OwnSessions />
      </>
    );
  } else if (!forms) {
    content = stored.isError ? (
      <ListLoadError message={SETTINGS_TEXT.loadFailed} retryLabel={t("tryAgain")} query={stored} />
    ) : (
      <LoadingBlock label={t("loading")} groups={[3, 3]} />
    );
  } else if (section === "general") {
    content = <GeneralSection value={forms.general} errors={sectionErrors} onChange={(p) => edit("general", p)} />;
  } else if (section === "security") {
    content = <SecuritySection value={forms.security} errors={sectionErrors} resetKey={resetKey} onChange={(p) => edit("security", p)} />;
  } else if (section === "notifications") {
    content = <NotificationsSection value={forms.notifications} onChange={(p) => edit("notifications", p)} />;
  } else {
    content = (
      <SystemSection
        value={forms.system}
        storedMaintenance={baseline?.system.maintenanceMode ?? false}
        onChange={(p) => edit("system", p)}
      />
    );
  }

  const canSave = !needsStored || forms !== null;
  const saveOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== "Enter" || !(target instanceof HTMLInputElement) || target.closest("form") || !canSave || saving) return;
    if (["checkbox", "radio", "file", "button", "submit"].includes(target.type)) return;
    event.preventDefault();
    void save();
  };

  return (
    <PageFrame name="settings" className="ac-settings" title={title} description={administrator ? t("lead") : t("lead.own")}>
      <div className="ac-settings__layout">
        <nav className="ac-settings__nav" aria-label={t("sections")}>
          <ul ref={navRef} className="list-plain">
            {sections.map((s) => (
              <li key={s.id}>
                <Link
                  href={sectionHref(s.id)}
                  className={cx("ac-settings__link", s.id === section && "is-active")}
                  aria-current={s.id === section ? "page" : undefined}
                >
                  {ICONS[s.id]}
                  <span>{s.label}</span>
                  {dirty(s.id) ? (
                    <>
                      <span className="ac-settings__dirty" aria-hidden="true" title={t("unsavedMark")} />
                      <span className="sr-only">{t("unsavedSr")}</span>
                    </>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {/* Enter in a section's field saves it, as in every other form (its own forms, e.g. the password, keep theirs). */}
        <div ref={panelRef} className="ui-card ac-settings__panel" onKeyDown={saveOnEnter}>
          <section aria-labelledby="settings-section-title" className="stack stack--lg">
            <header className="ac-settings__panel-header">
              <h2 id="settings-section-title" className="ui-card__title">
                {current.label}
              </h2>
              <p className="text-sm text-muted">{current.description}</p>
            </header>
            <FormFailure message={failure} onDismiss={() => setFailure(null)} />
            {content}
          </section>

          <div className="ac-settings__actions cluster cluster--end">
            <div className="ac-settings__status" role="status">
              {savedAt !== null ? (
                <p className="ac-settings__saved">
                  <CheckCircleIcon size={18} />
                  <span>{SETTINGS_TEXT.saved}</span>
                </p>
              ) : dirty(section) ? (
                <span className="text-sm text-muted">{t("unsavedHere")}</span>
              ) : null}
            </div>
            <Button
              variant="secondary"
              loading={resetting}
              disabled={saving}
              onClick={() => (anyDirty ? setConfirmReset(true) : void reset())}
            >
              {t("reset")}
            </Button>
            <Button loading={saving} disabled={!canSave} onClick={() => void save()}>
              {saving ? SETTINGS_TEXT.saving : t("save")}
            </Button>
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={confirmReset}
        title={t("discard.title")}
        confirmLabel={t("discard.button")}
        onConfirm={() => void reset()}
        onClose={() => setConfirmReset(false)}
      >
        <p>{t("discard.text", { sections: formatList(dirtySections.map((s) => s.label)) })}</p>
      </ConfirmDialog>
    </PageFrame>
  );
}
