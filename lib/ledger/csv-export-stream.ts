// The CSV export as a byte stream: the filtered ledger read in keyset batches as the client
// consumes it, so a million rows never sit in memory at once.
import type { Database } from "@/lib/db/client";
import { iterateLedgerRows, type LedgerFilters } from "@/lib/db/queries/ledger";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { type LedgerCsvOptions, ledgerCsvHeader, ledgerCsvRow } from "@/lib/ledger/csv";

export const csvExportBatchSize = 500;

export function ledgerCsvStream(
  db: Database,
  stores: StoreScope,
  filters: LedgerFilters,
  options: LedgerCsvOptions,
  batchSize = csvExportBatchSize,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = iterateLedgerRows(db, stores, filters, batchSize);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    // One batch per pull: the next query runs only when the client has taken the previous one.
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(ledgerCsvHeader(options.dialect)));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => ledgerCsvRow(row, options)).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
