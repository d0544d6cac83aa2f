/** Pieces the student's exam pages share: the way back, a load failure with a retry, a result's badge. */
import { Link } from "wouter";
import { common } from "../../../shared/i18n/common.ts";
import { exams } from "../../../shared/i18n/exams.ts";
import { useT } from "../../lib/i18n.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";

export function BackToExams() {
  const t = useT(exams);
  return (
    <Link href="/" className="exams-back no-print">
      ← {t("my.back")}
    </Link>
  );
}

export function LoadFailed({ message, onRetry, busy }: { message: string; onRetry: () => void; busy?: boolean }) {
  const tCommon = useT(common);
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="secondary" size="sm" loading={busy} onClick={onRetry}>
        {tCommon("tryAgain")}
      </Button>
    </Alert>
  );
}

/** Pass, fail or absent, in a badge. */
export function ResultBadge({ result }: { result: { absent: boolean; passed: boolean } }) {
  const t = useT(exams);
  if (result.absent) return <Badge tone="rejected">{t("result.absent")}</Badge>;
  return <Badge tone={result.passed ? "approved" : "rejected"}>{result.passed ? t("result.pass") : t("result.fail")}</Badge>;
}

/** SVG markup → a data: URL for <img src> (the CSP allows img-src data:; an image runs no script). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
