// The daily summary e-mail: at the chosen São Paulo time, yesterday's totals and balances (the
// statement's, dated by settlement), its failures, what needs attention (pending and unknown) and a link to the
// statement, to the chosen operators over the alert channels' SMTP (ALERT_SMTP_URL). Once a day
// whatever the number of instances: the first to insert the day's claim row sends; the others see
// the conflict and do nothing. A send that fails is recorded and not retried automatically (the
// statement stays one click away; an operator can look at the row).
//
// Several stores (issue #49): each recipient is sent the summary of the stores their role applies
// to, never another store's figures; a mail covering more than one store of several adds a line per
// store. One mail per distinct set of stores, sent in turn; the day's row records them all.
import { createHash, randomUUID } from "node:crypto";
import { sendAlertEmail, type EmailSettings } from "@/lib/alerts/send-email";
import type { Database } from "@/lib/db/client";
import {
  claimDailySummary,
  dailySummaryRecipients,
  loadDailySummarySettings,
  recordDailySummarySent,
} from "@/lib/db/queries/daily-summary";
import { listVisibleStores } from "@/lib/db/queries/operator-stores";
import { formatBRL, formatCalendarDay } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { loadStatement, type Statement, type StatementBalances, statementFeeTexts, statementStoresText } from "@/lib/statements/statement";
import { saoPauloDayOf, saoPauloWallClock } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementTotals } from "@/lib/vocabulary/statement";
import { merchantWideScope, storeScopeAllows, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import type { WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";

/** taxUnit: WALLET_TAX_UNIT (config.wallet.taxUnit). */
export type DailySummaryOptions = { appUrl: string; email: EmailSettings; taxUnit: WalletTaxUnit; now?: Date; holder?: string };
export type DailySummaryRun = {
  sent: boolean;
  day?: string;
  reason?: "disabled" | "not_yet" | "claimed_elsewhere" | "no_recipients" | "failed";
};

/**
 * `stores` (a merchant with several stores only): which stores the mail covers (null: all of them)
 * and, when more than one, each one's figures.
 */
export type DailySummaryStores = { names: string[] | null; each: Array<{ name: string; totals: StatementTotals }> };

/**
 * The summary's text, in Portuguese then English (the recipients' languages are not stored): the
 * day through lib/format, every sentence from the typed dictionaries. Fees whose unit the wallet
 * does not state are named so, not guessed (lib/vocabulary/wallet-tax.ts).
 */
export function dailySummaryText(
  day: string,
  totals: StatementTotals,
  statementUrl: string,
  balances?: StatementBalances,
  stores?: DailySummaryStores,
): { subject: string; text: string } {
  const attention = totals.apart.PENDING.count + totals.apart.UNKNOWN.count;
  const lines = (locale: Locale) => {
    const t = dictionaries[locale];
    const feeTexts = statementFeeTexts(totals, t);
    return [
      fill(t["dailySummary.mail.title"], { day: formatCalendarDay(locale, day) }),
      ...(stores ? [fill(t["dailySummary.mail.stores"], { stores: statementStoresText({ storeNames: stores.names }, t) })] : []),
      fill(t["dailySummary.mail.cashIn"], { count: totals.cashIn.count, amount: formatBRL(totals.cashIn.amountCents) }),
      fill(t["dailySummary.mail.cashOut"], { count: totals.cashOut.count, amount: formatBRL(totals.cashOut.amountCents) }),
      fill(t["dailySummary.mail.fees"], { fees: feeTexts.fees ?? feeTexts.feesUnstated ?? "" }),
      fill(t["dailySummary.mail.net"], { label: feeTexts.netLabel, net: formatBRL(totals.netCents) }),
      ...(balances
        ? [
            fill(t["dailySummary.mail.balances"], {
              opening: formatBRL(balances.openingCents),
              closing: formatBRL(balances.closingCents),
            }),
          ]
        : []),
      fill(t["dailySummary.mail.failures"], {
        count: totals.apart.FAILED.count,
        amount: formatBRL(totals.apart.FAILED.amountCents),
        rejected: totals.apart.REJECTED.count,
      }),
      fill(t["dailySummary.mail.attention"], { count: attention }),
      ...(stores?.each ?? []).map((store) =>
        fill(t["dailySummary.mail.store"], {
          store: store.name,
          cashIn: formatBRL(store.totals.cashIn.amountCents),
          cashOut: formatBRL(store.totals.cashOut.amountCents),
          label: feeTexts.netLabel,
          net: formatBRL(store.totals.netCents),
        }),
      ),
      fill(t["dailySummary.mail.link"], { url: statementUrl }),
    ];
  };
  const subject = (locale: Locale) =>
    fill(dictionaries[locale]["dailySummary.mail.subject"], { day: formatCalendarDay(locale, day), net: formatBRL(totals.netCents) });
  return {
    subject: `${subject("pt-BR")} / ${subject("en")}`,
    text: [...lines("pt-BR"), "", ...lines("en")].join("\n"),
  };
}

/** One check: sends yesterday's summary if it is time, it is enabled, and no instance has claimed it yet. */
export async function runDailySummary(db: Database, options: DailySummaryOptions): Promise<DailySummaryRun> {
  const now = options.now ?? new Date();
  const settings = await loadDailySummarySettings(db);
  if (!settings.enabled) return { sent: false, reason: "disabled" };
  const wallClock = saoPauloWallClock(now).toISOString().slice(11, 16);
  if (wallClock < settings.sendAt) return { sent: false, reason: "not_yet" };
  // Yesterday in São Paulo: today's São Paulo date minus one calendar day.
  const yesterday = previousDay(saoPauloDayOf(now));
  const recipients = await dailySummaryRecipients(db, settings.recipientUserIds);
  if (recipients.length === 0) return { sent: false, day: yesterday, reason: "no_recipients" };
  if (!(await claimDailySummary(db, yesterday, options.holder ?? `pid-${process.pid}-${randomUUID()}`)))
    return { sent: false, day: yesterday, reason: "claimed_elsewhere" };
  const merchantStores = await listVisibleStores(db, merchantWideScope());
  let error: string | undefined;
  // One statement per set of stores and run: a store's figures in a mail of several stores are the
  // very ones of its own operators' mail (read once, not per mail).
  const statements = new Map<string, Promise<Statement>>();
  const statementOf = (storeIds: string[] | null) => {
    const key = storeIds === null ? "all" : storeIds.join(",");
    const statement =
      statements.get(key) ?? loadStatement(db, storeScopeOfGrants(storeIds), { kind: "day", day: yesterday }, options.taxUnit);
    statements.set(key, statement);
    return statement;
  };
  for (const [key, group] of recipientsByStores(recipients)) {
    const scope = storeScopeOfGrants(group.storeIds);
    const statement = await statementOf(group.storeIds);
    const stores =
      merchantStores.length > 1
        ? {
            names: statement.storeNames,
            each: await eachStoreTotals(
              merchantStores.filter((store) => storeScopeAllows(scope, store.id)),
              statementOf,
            ),
          }
        : undefined;
    const { subject, text } = dailySummaryText(
      yesterday,
      statement.totals,
      `${options.appUrl}/statements?day=${yesterday}`,
      statement.balances,
      stores,
    );
    const result = await sendAlertEmail(options.email, {
      // The merchant-wide mail keeps its id of before stores; a set of stores adds its own.
      deliveryId:
        key === "all"
          ? `daily-summary-${yesterday}`
          : `daily-summary-${yesterday}-${createHash("sha256").update(key).digest("hex").slice(0, 16)}`,
      to: group.emails.join(", "),
      subject,
      text,
    });
    if (!result.ok) error ??= result.error;
  }
  await recordDailySummarySent(db, yesterday, { recipients: recipients.length, error });
  return error === undefined ? { sent: true, day: yesterday } : { sent: false, day: yesterday, reason: "failed" };
}

/** The recipients by the stores they may see ("all", or their sorted store ids). */
function recipientsByStores(recipients: Array<{ email: string; storeIds: string[] | null }>) {
  const groups = new Map<string, { storeIds: string[] | null; emails: string[] }>();
  for (const recipient of recipients) {
    // The grants come sorted (grantedStoreIdsOf).
    const key = recipient.storeIds === null ? "all" : recipient.storeIds.join(",");
    const group = groups.get(key) ?? { storeIds: recipient.storeIds, emails: [] };
    group.emails.push(recipient.email);
    groups.set(key, group);
  }
  return groups;
}

/** Each of these stores' figures for the day, when a mail covers more than one. */
async function eachStoreTotals(
  stores: Array<{ id: string; name: string }>,
  statementOf: (storeIds: string[]) => Promise<Statement>,
): Promise<DailySummaryStores["each"]> {
  if (stores.length < 2) return [];
  return Promise.all(stores.map(async (store) => ({ name: store.name, totals: (await statementOf([store.id])).totals })));
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
