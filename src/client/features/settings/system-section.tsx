/**
 * Settings → System: backup frequency, log level and the maintenance, debug and cache switches (saved with
 * Save Settings), and the Backups panel: the stored backups, "Back up now" and a download of each.
 */

import { useState } from "react";
import { downloadFile } from "../../lib/download.ts";
import { trpc } from "../../lib/trpc.ts";
import { ServerIcon } from "../../ui/admin-icons.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select } from "../../ui/field.tsx";
import { failureMessage, formatDateTime } from "../../ui/list-controls.tsx";
import { DownloadIcon } from "../../ui/more-icons.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { formatBytes } from "../gallery/format-bytes.ts";
import { bindFields, ToggleList } from "./section-fields.tsx";
import { BACKUP_FREQUENCY_OPTIONS, LOG_LEVEL_OPTIONS, type SettingsForms } from "./settings-form.ts";

type System = SettingsForms["system"];

export const systemFieldId = (field: string) => `settings-system-${field}`;

export const SYSTEM_TEXT = {
  maintenanceWarning:
    "While maintenance mode is on, visitors to the public website see a maintenance page instead of it. The admin area and sign-in keep working.",
  maintenanceOn: "Maintenance mode is on: the public website is showing its maintenance page.",
  backupDone: "Backup created.",
  backupFailed: "The backup could not be made. Please try again.",
  downloadFailed: "The backup could not be downloaded. Please try again.",
  backupsFailed: "We could not list the backups.",
} as const;

const SYSTEM_TOGGLES = [
  { key: "maintenanceMode", label: "Maintenance mode", description: SYSTEM_TEXT.maintenanceWarning },
  {
    key: "debugMode",
    label: "Debug mode",
    description: "For troubleshooting: the server logs everything at debug level while it is on. Leave it off in normal use.",
  },
  {
    key: "cacheEnabled",
    label: "Cache",
    description:
      "Lets browsers keep the public gallery, news and institute details for a minute, and the server keep its answers until the next change.",
  },
] as const;

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
  const field = bindFields(systemFieldId, value, {}, onChange);
  return (
    <div className="stack stack--lg">
      {storedMaintenance ? <Alert tone="warning">{SYSTEM_TEXT.maintenanceOn}</Alert> : null}
      <fieldset className="ac-settings-fieldset">
        <legend>Operation</legend>
        <div className="ac-settings-grid">
          <Select
            {...field("backupFrequency")}
            label="Backup frequency"
            options={BACKUP_FREQUENCY_OPTIONS}
            hint="How often the database and uploads are backed up automatically. The newest 14 backups are kept."
          />
          <Select
            {...field("logLevel")}
            label="Log level"
            options={LOG_LEVEL_OPTIONS}
            hint="How much the server writes to its log. Takes effect as soon as it is saved."
          />
        </div>
        <ToggleList idOf={systemFieldId} toggles={SYSTEM_TOGGLES} value={value} onChange={onChange} />
      </fieldset>
      <BackupsPanel />
    </div>
  );
}

type Backup = { name: string; size: number; createdAt: string };

export function BackupsPanel() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const backups = trpc.settings.backups.useQuery();
  const backupNow = trpc.settings.backupNow.useMutation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const makeBackup = () => {
    setError(null);
    backupNow.mutate(undefined, {
      onSuccess: () => {
        toast.show(SYSTEM_TEXT.backupDone);
        void utils.settings.backups.invalidate();
      },
      onError: (err) => setError(failureMessage(err, SYSTEM_TEXT.backupFailed)),
    });
  };

  const download = async (name: string) => {
    setError(null);
    setDownloading(name);
    try {
      await downloadFile(`/api/admin/backups/${encodeURIComponent(name)}`, { fallbackName: name, accept: "application/gzip" });
    } catch (err) {
      setError(failureMessage(err, SYSTEM_TEXT.downloadFailed));
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumn<Backup>[] = [
    { key: "name", header: "Backup", render: (b) => <span className="ac-mono ops-break">{b.name}</span> },
    { key: "size", header: "Size", className: "ui-table__cell--numeric ui-table__cell--nowrap", render: (b) => formatBytes(b.size) },
    {
      key: "date",
      header: "Made on",
      className: "ui-table__cell--nowrap",
      render: (b) => <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      label: "Actions",
      className: "ui-table__cell--actions",
      render: (b) => (
        <Button
          size="sm"
          variant="secondary"
          loading={downloading === b.name}
          aria-label={`Download ${b.name}`}
          onClick={() => void download(b.name)}
        >
          <DownloadIcon size={16} /> Download
        </Button>
      ),
    },
  ];

  return (
    <section className="ac-settings-fieldset" aria-labelledby="settings-backups-title">
      <div className="ac-recent__header">
        <div>
          <h3 id="settings-backups-title" className="ac-settings-fieldset__title">
            Backups
          </h3>
          <p className="text-sm text-muted">
            Each backup holds the database and every uploaded file. README "Backups" explains restoring one.
          </p>
        </div>
        <Button size="sm" variant="secondary" loading={backupNow.isPending} onClick={makeBackup}>
          {backupNow.isPending ? "Backing up..." : "Back up now"}
        </Button>
      </div>
      {error ? (
        <Alert tone="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {backups.isError ? (
        <Alert tone="error">
          <p>{SYSTEM_TEXT.backupsFailed}</p>
          <Button size="sm" variant="secondary" onClick={() => void backups.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Table
          caption="Stored backups"
          captionHidden
          columns={columns}
          rows={backups.data?.backups ?? []}
          rowKey={(b) => b.name}
          loading={backups.isPending}
          skeletonRows={2}
          empty={<EmptyState icon={<ServerIcon size={28} />} title="No backups yet" description="Use Back up now to make the first one." />}
        />
      )}
    </section>
  );
}
