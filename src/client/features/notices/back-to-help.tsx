/** The way back to the student's Help page from a question and from asking one. */
import { Link } from "wouter";
import { notices } from "../../../shared/i18n/notices.ts";
import { useT } from "../../lib/i18n.tsx";

export function BackToHelp() {
  const t = useT(notices);
  return (
    <Link href="~/student/help" className="help-back">
      ← {t("help.back")}
    </Link>
  );
}
