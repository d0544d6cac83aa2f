/**
 * /student/settings (spec part 1 §2, §3 "Settings state", §9 defaults; DECISIONS 2): four tabs, the
 * chosen one kept in the address (`?tab=security`) so a reload or a shared link opens it again. Every
 * value is stored on the server; the defaults come from there too.
 */
import type { ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LANGUAGES } from "../../../shared/constants.ts";
import { useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Select, Toggle } from "../../ui/field.tsx";
import { MoonIcon, SunIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { NOT_SPECIFIED } from "./format.ts";
import { SavedNote, SecurityTab } from "./settings-security.tsx";
import { useSettingsSave } from "./use-settings-save.ts";

type StudentSettings = RouterOutputs["student"]["settings"];

export const SETTINGS_TABS = [
  { id: "account", label: "Account" },
  { id: "security", label: "Security" },
  { id: "notifications", label: "Notifications" },
  { id: "preferences", label: "Preferences" },
] as const;
type TabId = (typeof SETTINGS_TABS)[number]["id"];
const ID_PREFIX = "settings";

export const readTab = (search: string): TabId => {
  const tab = new URLSearchParams(search).get("tab");
  return SETTINGS_TABS.find((t) => t.id === tab)?.id ?? "account";
};

export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  english: "English",
  hindi: "हिन्दी (Hindi)",
  marathi: "मराठी (Marathi)",
};
export const TRANSLATIONS_COMING = "Hindi and Marathi translations are coming.";

export default function StudentSettingsPage() {
  usePageTitle("Settings");
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = readTab(search);
  const settings = trpc.student.settings.useQuery();

  return (
    <div className="page-stack student-settings">
      <header className="page-header student-page-header">
        <div>
          <h1>Settings</h1>
          <p>Your account, sign-in security, notifications and how the portal looks.</p>
        </div>
      </header>
      <Tabs
        tabs={SETTINGS_TABS}
        value={tab}
        idPrefix={ID_PREFIX}
        label="Settings sections"
        onChange={(id) => navigate(`/settings?tab=${id}`, { replace: true })}
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
            <LoadFailed retrying={settings.isFetching} onRetry={() => void settings.refetch()} />
          ) : (
            <PanelLoading />
          )}
        </TabPanel>
      ))}
    </div>
  );
}

function LoadFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Alert tone="error" title="We could not load your settings">
      <p>Please check your connection and try again.</p>
      <Button variant="secondary" size="sm" className="student-retry" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function PanelLoading() {
  return (
    <div className="ui-card settings-loading" aria-busy="true">
      <span className="sr-only">Loading</span>
      <Skeleton width="40%" />
      <Skeleton lines={4} />
    </div>
  );
}

function AccountTab() {
  const profile = trpc.student.profile.useQuery();
  const p = profile.data;
  if (!p) {
    return profile.isError ? <LoadFailed retrying={profile.isFetching} onRetry={() => void profile.refetch()} /> : <PanelLoading />;
  }
  const value = (v: string | null | undefined) => (v?.trim() ? v : NOT_SPECIFIED);
  const rows: [string, ReactNode][] = [
    ["Full name", value(p.name)],
    ["E-mail address", value(p.email)],
    ["Student ID", p.student_id ?? "Not assigned"],
    ["Mobile", value(p.mobile)],
    ["Class / standard", value(p.standard)],
    // biome-ignore lint/correctness/useJsxKeyInIterable: a fixed row of a static table, not a rendered list
    ["Status", <Badge tone={p.status === "active" ? "approved" : "rejected"}>{p.status === "active" ? "Active" : "Inactive"}</Badge>],
  ];
  return (
    <Card title="Account information">
      <div className="stack">
        <dl className="student-facts">
          {rows.map(([term, shown]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd className={shown === NOT_SPECIFIED ? "is-missing" : undefined}>{shown}</dd>
            </div>
          ))}
        </dl>
        <Alert tone="info">
          These details are read-only here. Changes to your name, e-mail address, student ID or class go through the administration office;
          you can update your mobile number, address and emergency contact yourself in the <Link href="/profile">Profile section</Link>.
        </Alert>
      </div>
    </Card>
  );
}

const NOTIFICATION_TOGGLES = [
  {
    key: "emailNotifications",
    label: "Email notifications",
    description: "Answers to your support tickets by e-mail. Sign-in codes and security notices always come.",
  },
  {
    key: "smsNotifications",
    label: "SMS notifications",
    description: "The institute does not send text messages yet; your choice is kept for when it does.",
  },
  {
    key: "pushNotifications",
    label: "Push notifications",
    description: "Not available yet: use the bell in the portal. Your choice is kept for when it is.",
  },
] as const;

function NotificationsTab({ settings }: { settings: StudentSettings }) {
  const save = useSettingsSave();
  return (
    <Card title="How we reach you" actions={<SavedNote save={save} />}>
      <div className="stack settings-toggles">
        {NOTIFICATION_TOGGLES.map((t) => (
          <Toggle
            key={t.key}
            label={t.label}
            description={t.description}
            checked={settings[t.key]}
            onChange={(checked) => void save.run({ [t.key]: checked })}
          />
        ))}
        <p className="text-sm text-muted settings-note">
          Your choices are saved with your account. For now the institute&rsquo;s news appears here in the portal; e-mail, SMS and push
          alerts will follow these choices once they start. Messages you need for your account — sign-in codes and password resets — always
          go to your e-mail address.
        </p>
      </div>
    </Card>
  );
}

function PreferencesTab({ settings }: { settings: StudentSettings }) {
  const { darkMode, setDarkMode } = useSession();
  const theme = darkMode ? "dark" : "light";
  const themeSave = useSettingsSave();
  const languageSave = useSettingsSave();

  const chooseTheme = (next: "light" | "dark") => {
    // Applied at once on this device, then stored with the account.
    setDarkMode(next === "dark");
    void themeSave.run({ theme: next });
  };

  return (
    <div className="page-stack">
      <Card title="Theme" actions={<SavedNote save={themeSave} />}>
        <fieldset className="settings-choice">
          <legend className="sr-only">Theme</legend>
          {(
            [
              ["light", "Light", <SunIcon key="i" />],
              ["dark", "Dark", <MoonIcon key="i" />],
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
          Applied at once and saved with your account. The sun and moon button at the top changes only this device.
          {settings.theme !== theme ? ` Your saved choice is ${settings.theme}.` : ""}
        </p>
      </Card>
      <Card title="Language" actions={<SavedNote save={languageSave} />}>
        <Select
          id="settings-language"
          fieldClassName="settings-language"
          label="Portal language"
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
          value={settings.language}
          hint={`${TRANSLATIONS_COMING} Until then the portal stays in English; your choice is saved for when they arrive.`}
          onChange={(e) => void languageSave.run({ language: e.target.value as (typeof LANGUAGES)[number] })}
        />
      </Card>
    </div>
  );
}
