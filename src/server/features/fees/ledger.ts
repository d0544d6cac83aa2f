/**
 * The fee ledger's arithmetic (issue 19; docs/FEES-MODEL.md): pure functions over whole paise, so the rules
 * are tested alone and every screen, e-mail and report computes an instalment the same way.
 */
import { addDays } from "../../../shared/schemas/common.ts";

export interface InstalmentFacts {
  amount: number;
  /** YYYY-MM-DD */
  dueOn: string;
  lateFee: number;
  graceDays: number;
  /** each concession's amount */
  concessions: readonly number[];
  /** the payments that count: confirmed, with their receipts not cancelled */
  payments: readonly { amount: number; paidOn: string }[];
}

export type InstalmentStatus = "paid" | "partial" | "due" | "overdue";

export interface Standing {
  /** the instalment as raised */
  amount: number;
  /** concessions, never more than the amount */
  concession: number;
  /** the late fee, once the instalment was not settled by its due day plus the grace days */
  lateFee: number;
  /** amount − concession + late fee */
  total: number;
  paid: number;
  /** what is still to pay (never below zero) */
  outstanding: number;
  status: InstalmentStatus;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Where an instalment stands on `today` (YYYY-MM-DD, the institute's day). The late fee applies once the
 * day after the grace period has come and what was paid by then (and the concessions) did not cover the
 * instalment; paying late does not take it away.
 */
export function standing(i: InstalmentFacts, today: string): Standing {
  const concession = Math.min(sum(i.concessions), i.amount);
  const net = i.amount - concession;
  const deadline = addDays(i.dueOn, i.graceDays);
  const paidInTime = sum(i.payments.filter((p) => p.paidOn <= deadline).map((p) => p.amount));
  const lateFee = i.lateFee > 0 && today > deadline && paidInTime < net ? i.lateFee : 0;
  const total = net + lateFee;
  const paid = sum(i.payments.map((p) => p.amount));
  const outstanding = Math.max(0, total - paid);
  const status: InstalmentStatus = outstanding === 0 ? "paid" : today > i.dueOn ? "overdue" : paid > 0 ? "partial" : "due";
  return { amount: i.amount, concession, lateFee, total, paid, outstanding, status };
}

/**
 * How much of a payment just counted paid the late fee. A payment pays the fee (amount − concession) first and
 * the late fee last, so the late fee is the last part of what is owed. `after` is the instalment's standing
 * with the payment counted; `lateFeePaid`, what the instalment's other receipts (not cancelled) paid of the
 * late fee, so that the receipts never carry more of it than it is, whatever was cancelled in between.
 */
export function lateFeeShare(after: Standing, payment: number, lateFeePaid: number): number {
  const feePaid = after.paid - payment - lateFeePaid;
  const toFee = Math.min(payment, Math.max(0, after.total - after.lateFee - feePaid));
  return Math.max(0, Math.min(payment - toFee, after.lateFee - lateFeePaid));
}

/** The Indian financial year of a day: April to March, "2026-27". */
export function financialYear(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "RCP/2026-27/000042" */
export const receiptNumber = (fy: string, sequence: number) => `RCP/${fy}/${String(sequence).padStart(6, "0")}`;

/**
 * A term's fee split into `count` instalments: equal parts in whole paise, the remainder on the first so
 * the parts always add up to the fee exactly.
 */
export function splitFee(feePaise: number, count: number): number[] {
  const n = Math.max(1, count);
  const part = Math.floor(feePaise / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? feePaise - part * (n - 1) : part));
}

/** "₹1,250.50" in rupees for the UPI link's `am` (two decimals, no grouping): 125050 → "1250.50". */
export const upiAmount = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
