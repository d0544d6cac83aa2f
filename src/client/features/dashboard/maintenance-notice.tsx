/**
 * While maintenance mode closes the public site (Settings → System), the administrators' dashboard says so, with
 * where to open it again: a toast at the save was all (walk 30a), and a site left closed by accident was shown to
 * visitors as "under maintenance" with no one in the office seeing it.
 */
import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";

export function MaintenanceNotice() {
  const t = useT(admin);
  const { data } = trpc.settings.get.useQuery();
  if (!data?.settings.system.maintenanceMode) return null;
  return (
    <Alert tone="warning" title={t("maintenance.title")}>
      {t("maintenance.text")} <Link href="/settings?section=system">{t("maintenance.where")}</Link>
    </Alert>
  );
}
