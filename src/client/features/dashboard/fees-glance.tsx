/**
 * The dashboard's fees at a glance (stop 48; the spec's dashboard predates fees): money collected this month with
 * its change, what students owe and how much of it is overdue, and the UPI payments waiting to be confirmed —
 * each opening its tab of /admin/fees. Staff see it too: they keep the fee desk (issue 17).
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { formatNumber } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { ArrowRightIcon } from "../../ui/admin-icons.tsx";
import { Card, StatCard, type StatTone } from "../../ui/card.tsx";
import { CalendarIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { CreditCardIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { StatChange } from "./stat-change.tsx";

type Fees = RouterOutputs["dashboard"]["stats"]["fees"];

interface Figure {
  tab: "collections" | "dues" | "confirm";
  label: string;
  icon: ReactNode;
  tone: StatTone;
  value: (f: Fees) => string;
  hint: (f: Fees) => ReactNode;
}

/** `fees` null while loading; `changed` false when the page shows zeros for figures that did not load. */
export function FeesGlance({ fees, changed }: { fees: Fees | null; changed: boolean }) {
  const t = useT(admin);
  const figures: Figure[] = [
    {
      tab: "collections",
      label: t("fees.collected"),
      icon: <CheckCircleIcon />,
      tone: "approved",
      value: (f) => formatMoney(f.collectedThisMonth),
      hint: (f) => (changed ? <StatChange change={f.collectedChange} /> : null),
    },
    {
      tab: "dues",
      label: t("fees.outstanding"),
      icon: <CalendarIcon />,
      tone: "pending",
      value: (f) => formatMoney(f.outstanding),
      hint: (f) =>
        f.overdue > 0 ? t("fees.overdue", { amount: formatMoney(f.overdue), count: f.overdueStudents }) : t("fees.noneOverdue"),
    },
    {
      tab: "confirm",
      label: t("fees.toConfirm"),
      icon: <CreditCardIcon />,
      tone: "info",
      value: (f) => formatNumber(f.toConfirm),
      hint: () => t("fees.toConfirmHint"),
    },
  ];
  return (
    <Card
      title={t("fees.title")}
      actions={
        <Link href="/fees" className="ops-link">
          {t("fees.open")} <ArrowRightIcon size={16} />
        </Link>
      }
    >
      <ul className="grid grid--sm ops-stats ops-fees list-plain" aria-busy={fees === null || undefined}>
        {figures.map((f) => (
          <li key={f.tab}>
            <Link href={`/fees?tab=${f.tab}`} className="ops-fees__link">
              <StatCard
                label={f.label}
                icon={f.icon}
                tone={f.tone}
                value={fees ? f.value(fees) : <Skeleton width="6ch" />}
                hint={fees ? f.hint(fees) : <Skeleton width="8rem" />}
              />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
