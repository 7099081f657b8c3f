// A statement of a São Paulo day or a calendar month, ready to render: its totals, its lines (as
// batches, so a month of 100,000 rows never sits in memory whole) and, for a day, the adjustments
// it carries. An open day and a month are read live from the ledger rows; a closed day is read
// back frozen as it was closed (lib/db/queries/statements.ts). Consolidated (every store the request
// may see) or one store's (issue #49): the same reads narrowed by the request's StoreScope, so the
// stores' statements add up to the consolidated one.
import type { Database } from "@/lib/db/client";
import { findOpeningBalance, type OpeningBalance } from "@/lib/db/queries/book-settings";
import { listVisibleStores } from "@/lib/db/queries/operator-stores";
import {
  closedDayLineBatches,
  findClosedDay,
  ledgerLineBatches,
  ledgerTotals,
  pendingAdjustments,
  periodRange,
  recordedAdjustments,
  settledNetOfStoresBefore,
  statementNet,
  statementNetBefore,
} from "@/lib/db/queries/statements";
import { formatBRL } from "@/lib/format";
import type { Messages } from "@/lib/i18n/messages";
import { nextCalendarDay, nextCalendarMonth } from "@/lib/vocabulary/sao-paulo-dates";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { addToTotals, emptyTotals } from "@/lib/vocabulary/statement";
import type { WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";
import type { StatementAdjustment, StatementLine, StatementPeriod, StatementTotals } from "@/lib/vocabulary/statement";

export type Statement = {
  period: StatementPeriod;
  /** The stores it covers, by name, for the files' headers; null: every store (the merchant's). */
  storeNames: string[] | null;
  closed: { closedAt: Date; closedByEmail: string | null } | null;
  totals: StatementTotals;
  /**
   * The wallet account's balance at the period's start and end (the configured opening balance plus
   * every statement's net before): a closed day's closing is the next day's opening, always. For
   * some stores only, the stores' own settled net read live from their ledger rows, from zero (the
   * configured opening balance and the frozen figures are the merchant's as a whole).
   */
  balances: StatementBalances;
  /**
   * The configured opening balance the balances start from, read once with them (the Statements
   * page shows it too): a statement of every store's; null for some stores' (their balances start
   * from zero) or while none is set.
   */
  openingBalance: OpeningBalance | null;
  adjustments: StatementAdjustment[];
  lines: () => AsyncGenerator<StatementLine[]>;
};

export type StatementBalances = { openingCents: number; closingCents: number };

/** The balances of a period, from the closed days' frozen figures and the settlement rollups (never a scan of the ledger). */
async function periodBalances(
  db: Database,
  period: StatementPeriod,
  taxUnit: WalletTaxUnit,
  openingBalance: OpeningBalance | null,
  closedNetBefore?: number | null,
  totals?: StatementTotals,
): Promise<StatementBalances> {
  const base = openingBalance?.cents ?? 0;
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

/**
 * Some stores' balances for a period, live from their ledger rows: the settled net before its start
 * and before its end. An open day's opening leaves out the adjustments it takes in (changes to
 * closed days, already in the live net), so its opening + net + adjustments is its closing.
 */
async function storesBalances(
  db: Database,
  stores: StoreScope,
  range: { start: Date; end: Date },
  taxUnit: WalletTaxUnit,
  takenAdjustmentsCents = 0,
): Promise<StatementBalances> {
  const [opening, closing] = await Promise.all([
    settledNetOfStoresBefore(db, stores, range.start, taxUnit),
    settledNetOfStoresBefore(db, stores, range.end, taxUnit),
  ]);
  return { openingCents: opening - takenAdjustmentsCents, closingCents: closing };
}

/**
 * `stores`: the request's scope (the operator's stores narrowed by the switcher, or a job's
 * merchantWideScope()). `taxUnit`: WALLET_TAX_UNIT (config.wallet.taxUnit), how the wallet's fees are
 * read (lib/vocabulary/wallet-tax.ts).
 */
export async function loadStatement(db: Database, stores: StoreScope, period: StatementPeriod, taxUnit: WalletTaxUnit): Promise<Statement> {
  const storeNames = stores.all ? null : (await listVisibleStores(db, stores)).map((store) => store.name);
  const openingBalance = stores.all ? await findOpeningBalance(db) : null;
  const range = periodRange(period);
  if (period.kind === "month") {
    return {
      period,
      storeNames,
      closed: null,
      totals: await ledgerTotals(db, stores, range, taxUnit),
      balances: stores.all ? await periodBalances(db, period, taxUnit, openingBalance) : await storesBalances(db, stores, range, taxUnit),
      openingBalance,
      adjustments: [],
      lines: () => ledgerLineBatches(db, stores, range, taxUnit),
    };
  }
  const closed = await findClosedDay(db, period.day);
  if (closed) {
    const adjustments = await recordedAdjustments(db, stores, period.day);
    return {
      period,
      storeNames,
      closed: { closedAt: closed.closedAt, closedByEmail: closed.closedByEmail },
      totals: stores.all ? closed.totals : await frozenTotalsOf(db, stores, period.day, adjustments),
      balances: stores.all
        ? await periodBalances(db, period, taxUnit, openingBalance, closed.netBeforeCents, closed.totals)
        : await storesBalances(db, stores, range, taxUnit),
      openingBalance,
      adjustments,
      lines: () => closedDayLineBatches(db, stores, period.day, false),
    };
  }
  const [totals, adjustments] = await Promise.all([
    ledgerTotals(db, stores, range, taxUnit),
    pendingAdjustments(db, stores, period.day, taxUnit),
  ]);
  totals.adjustments = { count: adjustments.length, netCents: adjustments.reduce((sum, line) => sum + line.netCents, 0) };
  const balances = stores.all
    ? await periodBalances(db, period, taxUnit, openingBalance, null, totals)
    : await storesBalances(db, stores, range, taxUnit, totals.adjustments.netCents);
  return {
    period,
    storeNames,
    closed: null,
    totals,
    balances,
    openingBalance,
    adjustments,
    lines: () => ledgerLineBatches(db, stores, range, taxUnit),
  };
}

/**
 * A closed day's totals for some stores: its frozen entries of those stores summed as closing summed
 * them all (the frozen totals are the merchant's), with the adjustments it took in.
 */
async function frozenTotalsOf(
  db: Database,
  stores: StoreScope,
  day: string,
  adjustments: { netCents: number }[],
): Promise<StatementTotals> {
  const totals = emptyTotals();
  for await (const batch of closedDayLineBatches(db, stores, day, false)) for (const line of batch) addToTotals(totals, line);
  if (adjustments.length)
    totals.adjustments = { count: adjustments.length, netCents: adjustments.reduce((sum, line) => sum + line.netCents, 0) };
  return totals;
}

/** Which stores a statement covers, for the page and the files' headers: "All stores (consolidated)" or their names. */
export function statementStoresText(statement: Pick<Statement, "storeNames">, t: Pick<Messages, "statement.storesAll">): string {
  return statement.storeNames === null ? t["statement.storesAll"] : statement.storeNames.join(", ");
}

/** "extrato-2026-11-25.xlsx" / "statement-2026-11.pdf" / "statement-2026-11-store-b.ofx" (one store's). */
export function statementFileName(
  period: StatementPeriod,
  locale: string,
  extension: "xlsx" | "pdf" | "ofx",
  storeNames: string[] | null = null,
): string {
  const stem = `${locale === "pt-BR" ? "extrato" : "statement"}-${period.kind === "day" ? period.day : period.month}`;
  return `${stem}${storesFileSuffix(storeNames, locale)}.${extension}`;
}

/**
 * The stores in a download's file name, for the files whose format has no header to say it in (OFX,
 * the accounting CSV): "" for every store, else "-loja-<names>" / "-store-<names>", ASCII only.
 */
export function storesFileSuffix(storeNames: string[] | null, locale: string): string {
  if (storeNames === null) return "";
  const slug = (name: string) =>
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "store";
  return `-${locale === "pt-BR" ? "loja" : "store"}-${storeNames.map(slug).join("_")}`;
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
