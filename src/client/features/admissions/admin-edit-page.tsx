/**
 * /admin/admissions/:id/edit (issue 17): the office corrects a pending application — what an applicant
 * told a counsellor on the phone, a replaced document — with the same form and checks as the applicant's
 * own edit. The server logs the edit with the fields it changed; a processed application cannot be edited.
 */
import { Link, useLocation, useParams } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { LoadingBlock } from "../../ui/spinner.tsx";
import { useToast } from "../../ui/toast.tsx";
import { ApplicationEditor } from "./application-editor.tsx";

export default function AdminEditApplicationPage() {
  const t = useT(admin);
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const query = trpc.admissions.adminGet.useQuery({ id: Number(id) }, { enabled: /^\d+$/.test(id), retry: false, staleTime: 0 });
  const a = query.data;
  usePageTitle(a ? t("edit.title", { number: a.applicationNumber }) : t("det.title"));

  const back = (
    <Link href="/admissions" className="ops-link">
      {t("print.back")}
    </Link>
  );
  if (query.isError) {
    return (
      <div className="stack">
        {back}
        <Alert tone="error">{t("print.failed")}</Alert>
      </div>
    );
  }
  if (!a) return <LoadingBlock label={t("det.loading")} groups={[3, 6]} />;
  if (a.status !== "pending") {
    return (
      <div className="stack">
        {back}
        <Alert tone="warning">{t("edit.notPending")}</Alert>
      </div>
    );
  }
  return (
    <div className="stack">
      {back}
      <ApplicationEditor
        application={a}
        grant={null}
        title={t("edit.title", { number: a.applicationNumber })}
        onCancel={() => navigate("/admissions")}
        onSaved={() => {
          void utils.admissions.adminList.invalidate();
          void utils.admissions.adminGet.invalidate({ id: a.id });
          toast.show(t("edit.saved", { number: a.applicationNumber }));
          navigate("/admissions");
        }}
      />
    </div>
  );
}
