/** Pieces the student's exam pages share: the way back, a load failure with a retry, a result's badge. */
import { Link } from "wouter";
import { exams } from "../../../shared/i18n/exams.ts";
import { useT } from "../../lib/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";

export function BackToExams() {
  const t = useT(exams);
  return (
    <Link href="/" className="exams-back no-print">
      ← {t("my.back")}
    </Link>
  );
}

/** A page that could not load: the lists' own failure with a retry. */
export const LoadFailed = ListLoadError;

/** Pass, fail or absent, in a badge. */
export function ResultBadge({ result }: { result: { absent: boolean; passed: boolean } }) {
  const t = useT(exams);
  if (result.absent) return <Badge tone="rejected">{t("result.absent")}</Badge>;
  return <Badge tone={result.passed ? "approved" : "rejected"}>{result.passed ? t("result.pass") : t("result.fail")}</Badge>;
}
