/** /student/fees — what the student owes, paying by UPI, receipts (issue 19). Being built. */
import { fees } from "../../../shared/i18n/fees.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";

export default function StudentFeesPage() {
  const t = useT(fees);
  usePageTitle(t("title"));
  return (
    <div className="page-stack fees-page">
      <header className="page-header student-page-header">
        <div>
          <h1>{t("title")}</h1>
        </div>
      </header>
    </div>
  );
}
