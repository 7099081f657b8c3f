// A statement of a São Paulo day or a calendar month, ready to render: its totals, its lines (as
// batches, so a month of 100,000 rows never sits in memory whole) and, for a day, the adjustments
// it carries. An open day and a month are read live from the ledger rows; a closed day is read
// back frozen as it was closed (lib/db/queries/statements.ts).
import type { Database } from "@/lib/db/client";
import {
  closedDayLineBatches,
  findClosedDay,
  ledgerLineBatches,
  ledgerTotals,
  pendingAdjustments,
  periodRange,
  recordedAdjustments,
} from "@/lib/db/queries/statements";
import { formatBRL } from "@/lib/format";
import type { Messages } from "@/lib/i18n/messages";
import type { WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";
import type { StatementAdjustment, StatementLine, StatementPeriod, StatementTotals } from "@/lib/vocabulary/statement";

export type Statement = {
  period: StatementPeriod;
  closed: { closedAt: Date; closedByEmail: string | null } | null;
  totals: StatementTotals;
  adjustments: StatementAdjustment[];
  lines: () => AsyncGenerator<StatementLine[]>;
};

/** `taxUnit`: WALLET_TAX_UNIT (config.wallet.taxUnit), how the wallet's fees are read (lib/vocabulary/wallet-tax.ts). */
export async function loadStatement(db: Database, period: StatementPeriod, taxUnit: WalletTaxUnit): Promise<Statement> {
  if (period.kind === "month") {
    const range = periodRange(period);
    return {
      period,
      closed: null,
      totals: await ledgerTotals(db, range, taxUnit),
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
      adjustments: await recordedAdjustments(db, period.day),
      lines: () => closedDayLineBatches(db, period.day, false),
    };
  }
  const range = periodRange(period);
  const [totals, adjustments] = await Promise.all([ledgerTotals(db, range, taxUnit), pendingAdjustments(db, period.day, taxUnit)]);
  totals.adjustments = { count: adjustments.length, netCents: adjustments.reduce((sum, line) => sum + line.netCents, 0) };
  return { period, closed: null, totals, adjustments, lines: () => ledgerLineBatches(db, range, taxUnit) };
}

/** "extrato-2026-11-25.xlsx" / "statement-2026-11.pdf". */
export function statementFileName(period: StatementPeriod, locale: string, extension: "xlsx" | "pdf"): string {
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
