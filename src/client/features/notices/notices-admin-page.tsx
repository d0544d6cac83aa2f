/** /admin/notices — notices and events for students (issue 18). Being built. */
import { notices } from "../../../shared/i18n/notices.ts";
import { BeingBuilt } from "../../layouts/being-built.tsx";
import { useT } from "../../lib/i18n.tsx";

export default function NoticesAdminPage() {
  const t = useT(notices);
  return <BeingBuilt title={t("title")} comingSoon />;
}
