// A payout batch's summary lists, the same on the upload review (before submitting) and on the
// approval page (before deciding): the count and total per PIX key type, and the rows that repeat
// a key and amount. No hooks: rendered on the server and in the browser.
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import { formatBRL } from "@/lib/format";
import type { PayoutBatchSummary } from "@/lib/schemas/payout-csv";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";

export function BatchByKeyTypeList({ summary, locale }: { summary: Pick<PayoutBatchSummary, "byKeyType">; locale: Locale }) {
  return (
    <ul>
      {summary.byKeyType.map((entry) => (
        <li key={entry.type}>
          {pixKeyTypes[entry.type][locale].label}: {entry.count} · {formatBRL(entry.totalCents)}
        </li>
      ))}
    </ul>
  );
}

/** The repeated rows ("Lines 2, 5: R$ 10,00 to …"), or `noneLabel` when there are none. */
export function BatchDuplicatesList({
  summary,
  lineTemplate,
  noneLabel,
}: {
  summary: Pick<PayoutBatchSummary, "duplicates">;
  /** "bulk.review.duplicateLines", with {lines}, {amount} and {key}. */
  lineTemplate: string;
  noneLabel: string;
}) {
  if (!summary.duplicates.length) return noneLabel;
  return (
    <ul>
      {summary.duplicates.map((duplicate) => (
        <li key={duplicate.lines.join("-")}>
          {fill(lineTemplate, { lines: duplicate.lines.join(", "), amount: formatBRL(duplicate.amountCents), key: duplicate.pixKey })}
        </li>
      ))}
    </ul>
  );
}
