// A batch's results as CSV: one line per row of the uploaded file, with what the ledger says
// became of it (the wallet's id and status, or the error), in the ledger CSV's format.
import type { CashOutRequestRow } from "@/lib/db/queries/cash-out-requests";
import type { CashOutRequestRecord } from "@/lib/db/schema";
import { formatDecimalReais } from "@/lib/format";
import { csvByteOrderMark, csvLine } from "@/lib/ledger/csv";

export const payoutResultsColumns = [
  "line",
  "amount",
  "key_type",
  "key",
  "reference",
  "result",
  "wallet_transaction_id",
  "wallet_status",
  "error",
] as const;

/** What became of one row, in one word. */
export function payoutRowResult(
  request: Pick<CashOutRequestRecord, "state">,
  row: Pick<CashOutRequestRow, "transactionId" | "creationState">,
): string {
  if (!row.transactionId) return request.state === "approved" ? "waiting" : `not_sent_${request.state}`;
  switch (row.creationState) {
    case "created":
      return "sent";
    case "creating":
      return "sending";
    case "rejected":
      return "refused";
    case "outcome_unknown":
      return "outcome_unknown";
    default:
      return "unknown";
  }
}

export function payoutResultsCsv(request: Pick<CashOutRequestRecord, "state">, rows: CashOutRequestRow[]): string {
  return (
    csvByteOrderMark +
    csvLine(payoutResultsColumns) +
    rows
      .map((row) =>
        csvLine([
          row.line,
          formatDecimalReais(row.amountCents),
          row.pixKeyType,
          row.pixKey,
          row.externalReference,
          payoutRowResult(request, row),
          row.walletTransactionId,
          row.status,
          row.failureMessage,
        ]),
      )
      .join("")
  );
}
