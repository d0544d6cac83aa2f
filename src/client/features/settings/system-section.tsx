/**
 * Settings → System: backup frequency, log level and the maintenance, debug and cache switches (saved with
 * Save Settings), and the Backups panel: the stored backups, "Back up now" and a download of each.
 */

import { useState } from "react";
import { config } from "../../../shared/i18n/config.ts";
import { downloadFile } from "../../lib/download.ts";
import { formatFileSize } from "../../lib/file-size.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { trpc } from "../../lib/trpc.ts";
import { ServerIcon } from "../../ui/admin-icons.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select } from "../../ui/field.tsx";
import { failureMessage, formatDateTime } from "../../ui/list-controls.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { DownloadIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, Table, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { bindFields, SettingsPanel, ToggleList } from "./section-fields.tsx";
import { backupFrequencyOptions, logLevelOptions, type SettingsForms } from "./settings-form.ts";

type System = SettingsForms["system"];

export const systemFieldId = (field: string) => `settings-system-${field}`;

const SYSTEM_TOGGLES = ["maintenanceMode", "debugMode", "cacheEnabled"] as const;
const toggleText = (key: (typeof SYSTEM_TOGGLES)[number]) =>
  key === "maintenanceMode" ? config.t("system.maintenanceWarning") : config.t(`system.${key}.text`);

export function SystemSection({
  value,
  storedMaintenance,
  onChange,
}: {
  value: System;
  /** whether maintenance mode is on as saved (not as edited) */
  storedMaintenance: boolean;
  onChange: (patch: Partial<System>) => void;
}) {
  const t = useT(config);
  const field = bindFields(systemFieldId, value, {}, onChange);
  return (
    <div className="stack stack--lg">
      {storedMaintenance ? <Alert tone="warning">{t("system.maintenanceOn")}</Alert> : null}
      <fieldset className="ac-settings-fieldset">
        <legend>{t("system.operation")}</legend>
        <div className="ac-settings-grid">
          <Select
            {...field("backupFrequency")}
            label={t("system.backupFrequency")}
            options={backupFrequencyOptions()}
            hint={t("system.backupFrequency.hint")}
          />
          <Select {...field("logLevel")} label={t("system.logLevel")} options={logLevelOptions()} hint={t("system.logLevel.hint")} />
        </div>
        <ToggleList
          idOf={systemFieldId}
          toggles={SYSTEM_TOGGLES.map((key) => ({ key, label: t(`system.${key}`), description: toggleText(key) }))}
          value={value}
          onChange={onChange}
        />
      </fieldset>
      <BackupsPanel />
    </div>
  );
}

type Backup = { name: string; size: number; createdAt: string };

export function BackupsPanel() {
  const t = useT(config);
  const toast = useToast();
  const utils = trpc.useUtils();
  const backups = trpc.settings.backups.useQuery();
  const backupNow = trpc.settings.backupNow.useMutation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // One backup at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const backingUp = useOneAtATime();
  const makeBackup = () => {
    if (!backingUp.start()) return;
    setError(null);
    backupNow.mutate(undefined, {
      onSuccess: () => {
        toast.show(t("backups.done"));
        void utils.settings.backups.invalidate();
      },
      onError: (err) => setError(failureMessage(err, t("backups.failed"))),
      onSettled: backingUp.settled,
    });
  };

  const download = async (name: string) => {
    setError(null);
    setDownloading(name);
    try {
      await downloadFile(`/api/admin/backups/${encodeURIComponent(name)}`, { fallbackName: name, accept: "application/gzip" });
    } catch (err) {
      setError(failureMessage(err, t("backups.downloadFailed")));
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumn<Backup>[] = [
    { key: "name", header: t("backups.col.name"), render: (b) => <span className="ac-mono ops-break">{b.name}</span> },
    {
      key: "size",
      header: t("backups.col.size"),
      className: "ui-table__cell--numeric ui-table__cell--nowrap",
      render: (b) => formatFileSize(b.size),
    },
    {
      key: "date",
      header: t("backups.col.date"),
      className: "ui-table__cell--nowrap",
      render: (b) => <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>,
    },
    actionsColumn((b) => (
      <Button
        size="sm"
        variant="secondary"
        loading={downloading === b.name}
        aria-label={t("backups.downloadOne", { name: b.name })}
        onClick={() => void download(b.name)}
      >
        <DownloadIcon size={16} /> {t("backups.download")}
      </Button>
    )),
  ];

  return (
    <SettingsPanel
      id="settings-backups-title"
      title={t("backups.title")}
      note={t("backups.note")}
      actions={
        <Button size="sm" variant="secondary" loading={backupNow.isPending} onClick={makeBackup}>
          {backupNow.isPending ? t("backups.busy") : t("backups.now")}
        </Button>
      }
      error={error}
      onDismissError={() => setError(null)}
    >
      {backups.isError ? (
        <ListLoadError message={t("backups.listFailed")} retryLabel={t("tryAgain")} query={backups} />
      ) : (
        <Table
          caption={t("backups.caption")}
          captionHidden
          columns={columns}
          rows={backups.data?.backups ?? []}
          rowKey={(b) => b.name}
          loading={backups.isPending}
          skeletonRows={2}
          empty={<EmptyState icon={<ServerIcon size={28} />} title={t("backups.none.title")} description={t("backups.none.text")} />}
        />
      )}
    </SettingsPanel>
  );
}
