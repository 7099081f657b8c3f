// The daily summary e-mail: at the chosen São Paulo time, yesterday's totals and balances (the
// statement's, dated by settlement), its failures, what needs attention (pending and unknown) and a link to the
// statement, to the chosen operators over the alert channels' SMTP (ALERT_SMTP_URL). Once a day
// whatever the number of instances: the first to insert the day's claim row sends; the others see
// the conflict and do nothing. A send that fails is recorded and not retried automatically (the
// statement stays one click away; an operator can look at the row).
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { randomUUID } from "node:crypto";
import { sendAlertEmail, type EmailSettings } from "@/lib/alerts/send-email";
import type { Database } from "@/lib/db/client";
import { claimDailySummary, loadDailySummarySettings, recipientAddresses, recordDailySummarySent } from "@/lib/db/queries/daily-summary";
import { formatBRL, formatCalendarDay } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { loadStatement, type StatementBalances, statementFeeTexts } from "@/lib/statements/statement";
import { saoPauloDayOf, saoPauloWallClock } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementTotals } from "@/lib/vocabulary/statement";
import type { WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";

/** taxUnit: WALLET_TAX_UNIT (config.wallet.taxUnit). */
export type DailySummaryOptions = { appUrl: string; email: EmailSettings; taxUnit: WalletTaxUnit; now?: Date; holder?: string };
export type DailySummaryRun = {
  sent: boolean;
  day?: string;
  reason?: "disabled" | "not_yet" | "claimed_elsewhere" | "no_recipients" | "failed";
};

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
): { subject: string; text: string } {
  const attention = totals.apart.PENDING.count + totals.apart.UNKNOWN.count;
  const lines = (locale: Locale) => {
    const t = dictionaries[locale];
    const feeTexts = statementFeeTexts(totals, t);
    return [
      fill(t["dailySummary.mail.title"], { day: formatCalendarDay(locale, day) }),
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
  const recipients = await recipientAddresses(db, settings.recipientUserIds);
  if (recipients.length === 0) return { sent: false, day: yesterday, reason: "no_recipients" };
  if (!(await claimDailySummary(db, yesterday, options.holder ?? `pid-${process.pid}-${randomUUID()}`)))
    return { sent: false, day: yesterday, reason: "claimed_elsewhere" };
  const statement = await loadStatement(db, merchantWideScope(), { kind: "day", day: yesterday }, options.taxUnit);
  const { subject, text } = dailySummaryText(
    yesterday,
    statement.totals,
    `${options.appUrl}/statements?day=${yesterday}`,
    statement.balances,
  );
  const result = await sendAlertEmail(options.email, {
    deliveryId: `daily-summary-${yesterday}`,
    to: recipients.join(", "),
    subject,
    text,
  });
  await recordDailySummarySent(db, yesterday, { recipients: recipients.length, error: result.ok ? undefined : result.error });
  return result.ok ? { sent: true, day: yesterday } : { sent: false, day: yesterday, reason: "failed" };
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
