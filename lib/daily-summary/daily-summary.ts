// The daily summary e-mail: at the chosen São Paulo time, yesterday's totals (the statement's, from
// the ledger rows), its failures, what needs attention (pending and unknown) and a link to the
// statement, to the chosen operators over the alert channels' SMTP (ALERT_SMTP_URL). Once a day
// whatever the number of instances: the first to insert the day's claim row sends; the others see
// the conflict and do nothing. A send that fails is recorded and not retried automatically (the
// statement stays one click away; an operator can look at the row).
import { randomUUID } from "node:crypto";
import { sendAlertEmail, type EmailSettings } from "@/lib/alerts/send-email";
import type { Database } from "@/lib/db/client";
import { claimDailySummary, loadDailySummarySettings, recipientAddresses, recordDailySummarySent } from "@/lib/db/queries/daily-summary";
import { formatBRL } from "@/lib/format";
import { dictionaries } from "@/lib/i18n/messages";
import { loadStatement } from "@/lib/statements/statement";
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

/** The summary's text (Portuguese and English, one after the other: the recipients' languages are not stored). */
export function dailySummaryText(day: string, totals: StatementTotals, statementUrl: string): { subject: string; text: string } {
  const attention = totals.apart.PENDING.count + totals.apart.UNKNOWN.count;
  const lines = (pt: boolean) => [
    pt ? `Resumo de ${day} (horário de São Paulo)` : `Summary of ${day} (São Paulo time)`,
    `${pt ? "Recebimentos liquidados" : "Settled cash-in"}: ${totals.cashIn.count} · ${formatBRL(totals.cashIn.amountCents)}`,
    `${pt ? "Envios liquidados" : "Settled cash-out"}: ${totals.cashOut.count} · ${formatBRL(totals.cashOut.amountCents)}`,
    // Fees whose unit the wallet does not state are named so, not guessed (lib/vocabulary/wallet-tax.ts).
    `${pt ? "Tarifas" : "Fees"}: ${totals.feesUnstated ? dictionaries[pt ? "pt-BR" : "en"]["statement.feesUnitUnknown"] : formatBRL(totals.feeCents)}`,
    `${totals.feesUnstated ? dictionaries[pt ? "pt-BR" : "en"]["statement.netBeforeFees"] : pt ? "Líquido" : "Net"}: ${formatBRL(totals.netCents)}`,
    `${pt ? "Falhas" : "Failures"}: ${totals.apart.FAILED.count} · ${formatBRL(totals.apart.FAILED.amountCents)}; ${pt ? "recusadas pela carteira" : "rejected by the wallet"}: ${totals.apart.REJECTED.count}`,
    `${pt ? "Pedem atenção (pendentes ou sem resultado)" : "Need attention (pending or outcome unknown)"}: ${attention}`,
    `${pt ? "Extrato" : "Statement"}: ${statementUrl}`,
  ];
  return {
    subject: `Resumo do dia / Daily summary ${day}: ${formatBRL(totals.netCents)}`,
    text: [...lines(true), "", ...lines(false)].join("\n"),
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
  const statement = await loadStatement(db, { kind: "day", day: yesterday }, options.taxUnit);
  const { subject, text } = dailySummaryText(yesterday, statement.totals, `${options.appUrl}/statements?day=${yesterday}`);
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
