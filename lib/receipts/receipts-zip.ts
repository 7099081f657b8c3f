// The receipts of a payout batch as one ZIP (fflate's streaming Zip): one PDF per paid row, named
// by its line in the uploaded file, written one after another so the archive streams out while the
// next receipt renders. PDFs are already compressed: stored, not deflated again.
import { Zip, ZipPassThrough } from "fflate";
import type { ReceiptRow } from "@/lib/db/queries/receipts";
import type { Locale } from "@/lib/i18n/messages";
import { buildReceipt, receiptFileName, type ReceiptSettings } from "./receipt";
import { renderReceiptPdf } from "./receipt-pdf";

/** A ReadableStream of the ZIP; rows without a receipt (not paid) are left out. */
export function receiptsZip(
  rows: Array<ReceiptRow & { line: number }>,
  settings: ReceiptSettings,
  locale: Locale,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      void (async () => {
        try {
          for (const row of rows) {
            const receipt = buildReceipt(row, settings, locale);
            if (!receipt) continue;
            const entry = new ZipPassThrough(`${String(row.line).padStart(4, "0")}-${receiptFileName(receipt, "pdf")}`);
            zip.add(entry);
            entry.push(new Uint8Array(await renderReceiptPdf(receipt)), true);
          }
          zip.end();
        } catch (error) {
          controller.error(error);
        }
      })();
    },
  });
}
