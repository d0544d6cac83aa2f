/**
 * The administrators' list of the sample content a new installation's public site still shows (walk 23a;
 * server features/dashboard/sample-content.ts), each line with where to replace it. Nothing once none is left.
 */
import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";

export function SampleContent() {
  const t = useT(admin);
  const { data } = trpc.dashboard.sampleContent.useQuery();
  if (!data) return null;
  const lines = [
    data.programmes > 0
      ? { text: t("sample.programmes", { count: data.programmes }), href: "/programmes", where: t("sample.toProgrammes") }
      : null,
    data.news > 0 ? { text: t("sample.news", { count: data.news }), href: "/content?tab=news", where: t("sample.toNews") } : null,
    data.pictures > 0 ? { text: t("sample.pictures", { count: data.pictures }), href: "/gallery", where: t("sample.toGallery") } : null,
    data.contact ? { text: t("sample.contact"), href: "/content", where: t("sample.toContent") } : null,
  ].filter((line) => line !== null);
  if (lines.length === 0) return null;
  return (
    <Alert tone="warning" title={t("sample.title")} className="ops-sample">
      <p>{t("sample.text")}</p>
      <ul>
        {lines.map((line) => (
          <li key={line.href}>
            {line.text} <Link href={line.href}>{line.where}</Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
