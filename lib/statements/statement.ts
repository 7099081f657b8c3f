// A statement of a São Paulo day or a calendar month, ready to render: its totals, its lines (as
// batches, so a month of 100,000 rows never sits in memory whole) and, for a day, the adjustments
// it carries. An open day and a month are read live from the ledger rows; a closed day is read
// back frozen as it was closed (lib/db/queries/statements.ts).
import type { Database } from "@/lib/db/client";
import { findOpeningBalance } from "@/lib/db/queries/book-settings";
import {
  closedDayLineBatches,
  findClosedDay,
  ledgerLineBatches,
  ledgerTotals,
  pendingAdjustments,
  periodRange,
  recordedAdjustments,
  statementNet,
  statementNetBefore,
} from "@/lib/db/queries/statements";
import { formatBRL } from "@/lib/format";
import type { Messages } from "@/lib/i18n/messages";
import { nextCalendarDay, nextCalendarMonth } from "@/lib/vocabulary/sao-paulo-dates";
import type { WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";
import type { StatementAdjustment, StatementLine, StatementPeriod, StatementTotals } from "@/lib/vocabulary/statement";

export type Statement = {
  period: StatementPeriod;
  closed: { closedAt: Date; closedByEmail: string | null } | null;
  totals: StatementTotals;
  /**
   * The wallet account's balance at the period's start and end (the configured opening balance plus
   * every statement's net before): a closed day's closing is the next day's opening, always.
   */
  balances: StatementBalances;
  adjustments: StatementAdjustment[];
  lines: () => AsyncGenerator<StatementLine[]>;
};

export type StatementBalances = { openingCents: number; closingCents: number };

/** The balances of a period, from the closed days' frozen figures and the settlement rollups (never a scan of the ledger). */
export async function periodBalances(
  db: Database,
  period: StatementPeriod,
  taxUnit: WalletTaxUnit,
  closedNetBefore?: number | null,
  totals?: StatementTotals,
): Promise<StatementBalances> {
  const base = (await findOpeningBalance(db))?.cents ?? 0;
  if (period.kind === "day") {
    const before = closedNetBefore ?? (await statementNetBefore(db, period.day, taxUnit));
    const closing = totals ? before + statementNet(totals) : await statementNetBefore(db, nextCalendarDay(period.day), taxUnit);
    return { openingCents: base + before, closingCents: base + closing };
  }
  const [before, through] = await Promise.all([
    statementNetBefore(db, `${period.month}-01`, taxUnit),
    statementNetBefore(db, `${nextCalendarMonth(period.month)}-01`, taxUnit),
  ]);
  return { openingCents: base + before, closingCents: base + through };
}

/** `taxUnit`: WALLET_TAX_UNIT (config.wallet.taxUnit), how the wallet's fees are read (lib/vocabulary/wallet-tax.ts). */
export async function loadStatement(db: Database, period: StatementPeriod, taxUnit: WalletTaxUnit): Promise<Statement> {
  if (period.kind === "month") {
    const range = periodRange(period);
    return {
      period,
      closed: null,
      totals: await ledgerTotals(db, range, taxUnit),
      balances: await periodBalances(db, period, taxUnit),
      adjustments: [],
      lines: () => ledgerLineBatches(db, range, taxUnit),
    };
  }
  const closed = await findClosedDay(db, period.day);
  if (closed) {
    return {
      period,
      closed: { closedAt: closed.closedAt, closedByEmail: closed.closedByEmail },
      totals: closed.totals,
      balances: await periodBalances(db, period, taxUnit, closed.netBeforeCents, closed.totals),
      adjustments: await recordedAdjustments(db, period.day),
      lines: () => closedDayLineBatches(db, period.day, false),
    };
  }
  const range = periodRange(period);
  const [totals, adjustments] = await Promise.all([ledgerTotals(db, range, taxUnit), pendingAdjustments(db, period.day, taxUnit)]);
  totals.adjustments = { count: adjustments.length, netCents: adjustments.reduce((sum, line) => sum + line.netCents, 0) };
  const balances = await periodBalances(db, period, taxUnit, null, totals);
  return { period, closed: null, totals, balances, adjustments, lines: () => ledgerLineBatches(db, range, taxUnit) };
}

/** "extrato-2026-11-25.xlsx" / "statement-2026-11.pdf". */
export function statementFileName(period: StatementPeriod, locale: string, extension: "xlsx" | "pdf" | "ofx"): string {
  return `${locale === "pt-BR" ? "extrato" : "statement"}-${period.kind === "day" ? period.day : period.month}.${extension}`;
}

/**
 * How a statement names its fees and net: the fees in R$, or, when the wallet does not state their
 * unit (WALLET_TAX_UNIT=unknown and some settled transaction has a fee), "unit not stated by the
 * wallet" and a net said to be before fees: never a guessed figure.
 */
export function statementFeeTexts(
  totals: StatementTotals,
  t: Pick<Messages, "statement.fees" | "statement.net" | "statement.feesUnitUnknown" | "statement.netBeforeFees">,
): { feesLabel: string; fees: string | null; feesUnstated: string | null; netLabel: string } {
  const unstated = totals.feesUnstated === true;
  return {
    feesLabel: t["statement.fees"],
    fees: unstated ? null : formatBRL(totals.feeCents),
    feesUnstated: unstated ? t["statement.feesUnitUnknown"] : null,
    netLabel: unstated ? t["statement.netBeforeFees"] : t["statement.net"],
  };
}
