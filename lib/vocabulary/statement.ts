// The shapes of a statement (a São Paulo day or a calendar month of the ledger): its totals, its
// lines and adjustments, shared by the database layer, the renderers (XLSX, PDF), the e-mail and
// the pages. Plain types and pure functions, no I/O.

/** How a statement groups a transaction: settled money, or listed apart by why it is not. */
export const statementStates = ["SETTLED", "PENDING", "UNKNOWN", "REJECTED", "FAILED", "CANCELED"] as const;
export type StatementState = (typeof statementStates)[number];

export type KindTotals = { count: number; amountCents: number; feeCents: number };
export type StatementTotals = {
  cashIn: KindTotals;
  cashOut: KindTotals;
  /** Fees the wallet kept on settled transactions, in cents under WALLET_TAX_UNIT (lib/vocabulary/wallet-tax.ts). */
  feeCents: number;
  /**
   * True when some settled transaction has a fee whose unit the wallet does not state
   * (WALLET_TAX_UNIT=unknown): feeCents counts none of those, and netCents is before them.
   * Absent on totals frozen before the setting (their fees were whole cents).
   */
  feesUnstated?: boolean;
  /** Settled cash-in − settled cash-out − fees. */
  netCents: number;
  /** Not settled, by state (both kinds): count and amount. */
  apart: Record<Exclude<StatementState, "SETTLED">, { count: number; amountCents: number }>;
  /** Changes to earlier closed days taken into this statement: their effect on the net, and how many. */
  adjustments: { count: number; netCents: number };
};

export function emptyTotals(): StatementTotals {
  const none = () => ({ count: 0, amountCents: 0 });
  return {
    cashIn: { count: 0, amountCents: 0, feeCents: 0 },
    cashOut: { count: 0, amountCents: 0, feeCents: 0 },
    feeCents: 0,
    netCents: 0,
    apart: { PENDING: none(), UNKNOWN: none(), REJECTED: none(), FAILED: none(), CANCELED: none() },
    adjustments: { count: 0, netCents: 0 },
  };
}

/** One transaction's effect on the net: settled money in, settled money out, less its fee. */
export function netEffect(entry: { kind: "CASH_IN" | "CASH_OUT"; state: StatementState; amountCents: number; feeCents: number }): number {
  if (entry.state !== "SETTLED") return 0;
  return (entry.kind === "CASH_IN" ? entry.amountCents : -entry.amountCents) - entry.feeCents;
}

/** Adds one transaction to totals (mutates and returns them). */
export function addToTotals(
  totals: StatementTotals,
  entry: { kind: "CASH_IN" | "CASH_OUT"; state: StatementState; amountCents: number; feeCents: number; feeStated?: boolean },
): StatementTotals {
  if (entry.state === "SETTLED") {
    if (entry.feeStated === false) totals.feesUnstated = true;
    const kind = entry.kind === "CASH_IN" ? totals.cashIn : totals.cashOut;
    kind.count += 1;
    kind.amountCents += entry.amountCents;
    kind.feeCents += entry.feeCents;
    totals.feeCents += entry.feeCents;
  } else {
    totals.apart[entry.state].count += 1;
    totals.apart[entry.state].amountCents += entry.amountCents;
  }
  totals.netCents += netEffect(entry);
  return totals;
}

/** A statement's period: one São Paulo day or one calendar month ("2026-11-25" / "2026-11"). */
export type StatementPeriod = { kind: "day"; day: string } | { kind: "month"; month: string };

/** One line of a statement: a transaction as the statement counts it. */
export type StatementLine = {
  transactionId: string;
  walletTransactionId: string | null;
  /** When the transaction was created (shown beside the settlement). */
  createdAt: Date;
  /** When the statement books it: the settlement for settled money, else the creation. */
  bookedAt: Date;
  /** When the money moved (the callback or answer that settled it); null when not settled. */
  settledAt: Date | null;
  kind: "CASH_IN" | "CASH_OUT";
  state: StatementState;
  amountCents: number;
  /** In cents under WALLET_TAX_UNIT; 0 when feeStated is false. */
  feeCents: number;
  /** false when the transaction has a fee whose unit the wallet does not state (WALLET_TAX_UNIT=unknown). */
  feeStated?: boolean;
  /** The payer's name (cash-in) or the masked PIX key (cash-out), already masked where personal. */
  counterparty: string;
  reference: string | null;
};

/** A change to an earlier closed day's transaction, shown on the next open day. */
export type StatementAdjustment = StatementLine & {
  originalDay: string;
  previousState: StatementState;
  /** What the books held before: a reversal undoes these (the amount and fee of the entry it replaces). */
  previousAmountCents: number;
  previousFeeCents: number;
  netCents: number;
};
