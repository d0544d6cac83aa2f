/**
 * /admin/fees (issue 19, staff and administrators): the fee desk (payments to confirm, recording payments,
 * receipts), the reports (dues with reminders, collections) and the plans (fee plans and raising a term's
 * fees, concessions, fee settings), one tab each, the tab kept in the address (?tab=); a receipt printable at
 * /admin/fees/receipts/<id>.
 */
import { useLocation, useSearch } from "wouter";
import { feeDesk } from "../../../shared/i18n/feeDesk.ts";
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { feeReports } from "../../../shared/i18n/feeReports.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { useT } from "../../lib/i18n.tsx";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { SubPages } from "../../lib/sub-pages.tsx";
import { useAddressWithQuery } from "../../lib/use-list-params.ts";
import { PageFrame } from "../../ui/list-page.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { DeskTabs } from "./desk-tabs.tsx";
import { PlansTabs } from "./plans-tabs.tsx";
import { ReceiptPage } from "./receipt-page.tsx";
import { ReportsTabs } from "./reports-tabs.tsx";

export const FEE_TABS = ["confirm", "record", "receipts", "dues", "collections", "plans", "concessions", "settings"] as const;
export type FeeTab = (typeof FEE_TABS)[number];

export default function FeesAdminPage() {
  return (
    <SubPages
      pages={{
        "/": () => <FeesTabs />,
        // A receipt, printable (the same page the student prints).
        "/receipts/:id": () => <ReceiptPage />,
      }}
    />
  );
}

function FeesTabs() {
  const t = useT(fees);
  const tDesk = useT(feeDesk);
  const tReports = useT(feeReports);
  const tPlans = useT(feePlans);
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const { user } = useSession();
  // The fee settings are the administrators' (the server refuses staff too): staff do not see the tab.
  const tabs = FEE_TABS.filter((id) => id !== "settings" || isAdministrator(user?.role));
  const asked = new URLSearchParams(search).get("tab");
  const tab: FeeTab = (tabs as readonly string[]).includes(asked ?? "") ? (asked as FeeTab) : "confirm";
  const label: Record<FeeTab, string> = {
    confirm: tDesk("tab.confirm"),
    record: tDesk("tab.record"),
    receipts: tDesk("tab.receipts"),
    dues: tReports("tab.dues"),
    collections: tReports("tab.collections"),
    plans: tPlans("tab.plans"),
    concessions: tPlans("tab.concessions"),
    settings: tPlans("tab.settings"),
  };
  return (
    <PageFrame name="fees" title={t("title")} description={t("admin.lead")}>
      <Tabs
        idPrefix="fees"
        label={t("admin.tabs")}
        tabs={tabs.map((id) => ({ id, label: label[id] }))}
        value={tab}
        // A tab's own search, filter and page stay behind; the desk's chosen student (`student`) stays in the
        // address while other tabs are looked at. Each tab is a step in the tab's history, as the help page's are:
        // Back returns to the last tab, not out of the fees area (walk 27b).
        onChange={(id) => {
          const student = new URLSearchParams(search).get("student");
          navigate(address(`tab=${id}${student ? `&student=${encodeURIComponent(student)}` : ""}`));
        }}
      />
      {tabs.map((id) => (
        <TabPanel key={id} idPrefix="fees" id={id} value={tab}>
          {id === "confirm" || id === "record" || id === "receipts" ? (
            <DeskTabs tab={id} />
          ) : id === "dues" || id === "collections" ? (
            <ReportsTabs tab={id} />
          ) : (
            <PlansTabs tab={id} />
          )}
        </TabPanel>
      ))}
    </PageFrame>
  );
}
