/**
 * /admin/admissions/:id/edit (issue 17): the office corrects a pending application — what an applicant
 * told a counsellor on the phone, a replaced document — with the same form and checks as the applicant's
 * own edit. The server logs the edit with the fields it changed; a processed application cannot be edited.
 */
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { useToast } from "../../ui/toast.tsx";
import { ApplicationEditor } from "./application-editor.tsx";
import { BackToApplications, type OfficeApplication, useBackToApplications, WithOfficeApplication } from "./office-application.tsx";

export default function AdminEditApplicationPage() {
  return <WithOfficeApplication>{(a) => <EditView a={a} />}</WithOfficeApplication>;
}

function EditView({ a }: { a: OfficeApplication }) {
  const t = useT(admin);
  const backToList = useBackToApplications();
  const toast = useToast();
  const utils = trpc.useUtils();
  usePageTitle(t("edit.title", { number: a.applicationNumber }));
  if (a.status !== "pending") {
    return (
      <div className="stack">
        <BackToApplications />
        <h1 className="page-title">{t("edit.title", { number: a.applicationNumber })}</h1>
        <Alert tone="warning">{t("edit.notPending")}</Alert>
      </div>
    );
  }
  return (
    <div className="stack">
      <BackToApplications />
      <ApplicationEditor
        application={a}
        grant={null}
        title={t("edit.title", { number: a.applicationNumber })}
        onCancel={() => {
          // Read again: a refused save may have met a decision or a colleague's change, and opening it again
          // must show the application as it is now (eleventh walk).
          void utils.admissions.adminList.invalidate();
          void utils.admissions.adminGet.invalidate({ id: a.id });
          backToList();
        }}
        onSaved={() => {
          void utils.admissions.adminList.invalidate();
          void utils.admissions.adminGet.invalidate({ id: a.id });
          toast.show(t("edit.saved", { number: a.applicationNumber }));
          backToList();
        }}
      />
    </div>
  );
}
