/**
 * /student/settings (spec part 1 §2, §3 "Settings state", §9 defaults; DECISIONS 2): four tabs, the
 * chosen one kept in the address (`?tab=security`) so a reload or a shared link opens it again. Every
 * value is stored on the server; the defaults come from there too.
 */
import type { ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LANGUAGES } from "../../../shared/constants.ts";
import { LOCALE_NAMES, localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { student } from "../../../shared/i18n/student.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Card } from "../../ui/card.tsx";
import { Select, Toggle } from "../../ui/field.tsx";
import { MoonIcon, SunIcon } from "../../ui/icons.tsx";
import type { RetryQuery } from "../../ui/load-error.tsx";
import { PortalLoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { Facts } from "./facts.tsx";
import { shown } from "./format.ts";
import { SavedNote, SecurityTab } from "./settings-security.tsx";
import { useSettingsSave } from "./use-settings-save.ts";

type StudentSettings = RouterOutputs["student"]["settings"];

export const SETTINGS_TABS = [{ id: "account" }, { id: "security" }, { id: "notifications" }, { id: "preferences" }] as const;
type TabId = (typeof SETTINGS_TABS)[number]["id"];
const ID_PREFIX = "settings";

export const readTab = (search: string): TabId => {
  const tab = new URLSearchParams(search).get("tab");
  return SETTINGS_TABS.find((t) => t.id === tab)?.id ?? "account";
};

/** Each language by its own name (as the switch in the top bar shows them). */
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  english: LOCALE_NAMES.en,
  hindi: LOCALE_NAMES.hi,
  marathi: LOCALE_NAMES.mr,
};

export default function StudentSettingsPage() {
  const t = useT(student);
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = readTab(search);
  const settings = trpc.student.settings.useQuery();

  return (
    <div className="page-stack student-settings">
      <StudentPageHeader title={t("settings.title")} lead={t("settings.lead")} />
      <Tabs
        tabs={SETTINGS_TABS.map(({ id }) => ({ id, label: t(`settings.tab.${id}`) }))}
        value={tab}
        idPrefix={ID_PREFIX}
        label={t("settings.sections")}
        // Each tab a step in the tab's history: Back returns to the last one, not to the dashboard (walk 27b).
        onChange={(id) => navigate(`/settings?tab=${id}`)}
      />
      <TabPanel idPrefix={ID_PREFIX} id="account" value={tab}>
        <AccountTab />
      </TabPanel>
      {(["security", "notifications", "preferences"] as const).map((id) => (
        <TabPanel key={id} idPrefix={ID_PREFIX} id={id} value={tab}>
          {settings.data ? (
            id === "security" ? (
              <SecurityTab settings={settings.data} />
            ) : id === "notifications" ? (
              <NotificationsTab settings={settings.data} />
            ) : (
              <PreferencesTab settings={settings.data} />
            )
          ) : settings.isError ? (
            <LoadFailed query={settings} />
          ) : (
            <PanelLoading />
          )}
        </TabPanel>
      ))}
    </div>
  );
}

/** A panel's data could not load: the retry asks its query again, busy while it does. */
function LoadFailed({ query }: { query: RetryQuery & { isFetching: boolean } }) {
  const t = useT(student);
  return <PortalLoadError title={t("settings.loadFailed")} message={t("tryAgain")} query={query} />;
}

function PanelLoading() {
  const t = useT(student);
  return (
    <div className="ui-card settings-loading" aria-busy="true">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton width="40%" />
      <Skeleton lines={4} />
    </div>
  );
}

function AccountTab() {
  const t = useT(student);
  const profile = trpc.student.profile.useQuery();
  const p = profile.data;
  if (!p) {
    return profile.isError ? <LoadFailed query={profile} /> : <PanelLoading />;
  }
  const rows: [string, ReactNode][] = [
    [t("label.fullName"), shown(p.name)],
    [t("label.email"), shown(p.email)],
    [t("label.studentId"), p.student_id ?? t("notAssigned")],
    [t("label.mobile"), shown(p.mobile)],
    [t("label.standard"), shown(p.standard)],
    [
      t("label.status"),
      // biome-ignore lint/correctness/useJsxKeyInIterable: a fixed row of a static table, not a rendered list
      <Badge tone={p.status === "active" ? "approved" : "rejected"}>{p.status === "active" ? t("active") : t("inactive")}</Badge>,
    ],
  ];
  return (
    <Card title={t("settings.account")}>
      <div className="stack">
        <Facts rows={rows} />
        <Alert tone="info">
          {t("settings.readOnly")} <Link href="/profile">{t("settings.profileSection")}</Link>
          {t("sentenceEnd")}
        </Alert>
      </div>
    </Card>
  );
}

const NOTIFICATION_TOGGLES = [
  { key: "emailNotifications", text: "email" },
  { key: "smsNotifications", text: "sms" },
  { key: "pushNotifications", text: "push" },
] as const;

function NotificationsTab({ settings }: { settings: StudentSettings }) {
  const save = useSettingsSave();
  const tr = useT(student);
  return (
    <Card title={tr("settings.reach")} actions={<SavedNote save={save} />}>
      <div className="stack settings-toggles">
        {NOTIFICATION_TOGGLES.map((t) => (
          <Toggle
            key={t.key}
            label={tr(`settings.${t.text}.label`)}
            description={tr(`settings.${t.text}.text`)}
            checked={settings[t.key]}
            onChange={(checked) => void save.run({ [t.key]: checked })}
          />
        ))}
        <p className="text-sm text-muted settings-note">{tr("settings.reachNote")}</p>
      </div>
    </Card>
  );
}

function PreferencesTab({ settings }: { settings: StudentSettings }) {
  const { darkMode, setDarkMode } = useSession();
  const theme = darkMode ? "dark" : "light";
  const themeSave = useSettingsSave();
  const languageSave = useSettingsSave();
  const t = useT(student);
  const locale = useLocale();

  const chooseTheme = (next: "light" | "dark") => {
    // Applied at once on this device, then stored with the account.
    setDarkMode(next === "dark");
    void themeSave.run({ theme: next });
  };

  return (
    <div className="page-stack">
      <Card title={t("settings.theme")} actions={<SavedNote save={themeSave} />}>
        <fieldset className="settings-choice">
          <legend className="sr-only">{t("settings.theme")}</legend>
          {(
            [
              ["light", t("settings.light"), <SunIcon key="i" />],
              ["dark", t("settings.dark"), <MoonIcon key="i" />],
            ] as const
          ).map(([id, label, icon]) => (
            <label key={id} className="settings-choice__option">
              <input type="radio" name="settings-theme" value={id} checked={theme === id} onChange={() => chooseTheme(id)} />
              <span className="settings-choice__icon" aria-hidden="true">
                {icon}
              </span>
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-muted settings-note">
          {t("settings.themeNote")}
          {settings.theme !== theme
            ? t("settings.themeSaved", { theme: settings.theme === "dark" ? t("settings.dark") : t("settings.light") })
            : ""}
        </p>
      </Card>
      <Card title={t("settings.language")} actions={<SavedNote save={languageSave} />}>
        <Select
          id="settings-language"
          fieldClassName="settings-language"
          label={t("settings.languageLabel")}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
          // The language the portal shows: a student who never chose one sees the device's or the link's
          // (tenth walk: it read "English", the stored default, over a Hindi screen).
          // (read through localeOfLanguage, which the first script already carries: languageOf's table would add to it)
          value={LANGUAGES.find((l) => localeOfLanguage(l) === locale)}
          hint={t("settings.languageHint")}
          onChange={(e) => void languageSave.run({ language: e.target.value as (typeof LANGUAGES)[number] })}
        />
      </Card>
    </div>
  );
}
