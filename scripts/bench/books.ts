// Benchmark of closing the books: a receipt's PDF and PNG (p50/p95, beside a one-line pdfkit
// document as the library's floor), and a month's statement written as a stream (XLSX) at 100,000
// ledger rows (time and peak memory above the process's before, beside the same month at 1,000
// rows). Embedded PGlite in memory, seeded with generate_series; the XLSX goes to a counting sink.
//
//   npx tsx scripts/bench/books.ts            # 100,000 rows, 40 receipts
//   npx tsx scripts/bench/books.ts --quick    # 20,000 rows, 15 receipts
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { openDatabase, type Database } from "@/lib/db/client";
import { findReceiptRow } from "@/lib/db/queries/receipts";
import { transactions } from "@/lib/db/schema";
import { buildReceipt } from "@/lib/receipts/receipt";
import { pdfToBuffer, renderReceiptPdf } from "@/lib/receipts/receipt-pdf";
import { renderReceiptPng } from "@/lib/receipts/receipt-png";
import { loadStatement } from "@/lib/statements/statement";
import { writeStatementXlsx } from "@/lib/statements/statement-xlsx";
import { hasFlag, isMainModule, numberOption, timeRuns } from "../support/bench";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

type Row = { measure: string; figure: string; baseline: string; ratio: string };
const root = path.resolve(import.meta.dirname, "../..");

async function seedMonth(db: Database, month: string, rows: number, firstId: number) {
  // Spread over the month (São Paulo), 70% cash-in, 65% settled, 80% with a fee.
  await db.execute(sql`
    insert into transactions (kind, creation_state, status, wallet_transaction_id, amount_cents, tax, is_sandbox, payer_name, pix_key_type, pix_key, idempotency_key, created_at)
    select case when n % 10 < 7 then 'CASH_IN' else 'CASH_OUT' end, 'created',
      case when n % 20 < 13 then 'SUCCEED' when n % 20 < 17 then 'PENDING' else 'FAILED' end,
      'bench-w-' || n, 100 + (n::bigint * 7919) % 500000, case when n % 5 < 4 then (n % 300)::numeric end, true,
      'Payer ' || n, 'EMAIL', 'someone' || n || '@example.com', 'bench-books-' || n,
      ${`${month}-01T03:00:00Z`}::timestamptz + ((n - ${firstId}) * (27.0 * 86400 / ${rows})) * interval '1 second'
    from generate_series(${firstId}::int, ${firstId + rows - 1}::int) as n`);
}

/** Writes the month's XLSX to a sink that only counts bytes; time, bytes and peak memory growth. */
async function measureStatement(db: Database, month: string) {
  const statement = await loadStatement(db, merchantWideScope(), { kind: "month", month }, "cents");
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  await writeStatementXlsx(statement, "pt-BR", sink, { merchantName: "Bench" });
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { ms, bytes, rssGrowthMb: (peakRss - before.rss) / 2 ** 20, heapGrowthMb: (peakHeap - before.heapUsed) / 2 ** 20 };
}

export async function run(options: { quick?: boolean } = {}): Promise<Row[]> {
  const bigRows = options.quick ? 20_000 : numberOption("rows", 100_000);
  const baselineRows = 1_000;
  const receipts = options.quick ? 15 : 40;
  const connection = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    const db = connection.db;
    await seedMonth(db, "2026-09", baselineRows, 1);
    await seedMonth(db, "2026-10", bigRows, 1_000_000);
    const [paid] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.status, "SUCCEED"), eq(transactions.kind, "CASH_IN")))
      .limit(1);
    const settings = {
      merchantName: "Bench",
      appUrl: "http://localhost:3000",
      authSecret: "bench-secret-0123456789abcdef0123456789",
      taxUnit: "cents" as const,
      identity: null,
    };
    const receipt = buildReceipt((await findReceiptRow(db, merchantWideScope(), paid!.id))!, settings, "pt-BR")!;

    const floor = await timeRuns(receipts, () => {
      const document = new PDFDocument({ size: "A5" });
      document.text("R$ 1,00");
      return pdfToBuffer(document);
    });
    const pdf = await timeRuns(receipts, () => renderReceiptPdf(receipt));
    const png = await timeRuns(receipts, () => renderReceiptPng(receipt));
    const small = await measureStatement(db, "2026-09");
    const big = await measureStatement(db, "2026-10");
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const mb = (value: number) => `${Math.max(0, value).toFixed(1)} MB`;
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : "—");
    return [
      {
        measure: "receipt PDF p50",
        figure: ms(pdf.p50),
        baseline: `${ms(floor.p50)} (one-line pdfkit doc)`,
        ratio: ratio(pdf.p50, floor.p50),
      },
      {
        measure: "receipt PDF p95",
        figure: ms(pdf.p95),
        baseline: `${ms(floor.p95)} (one-line pdfkit doc)`,
        ratio: ratio(pdf.p95, floor.p95),
      },
      {
        measure: "receipt PNG p50",
        figure: ms(png.p50),
        baseline: `${ms(floor.p50)} (one-line pdfkit doc)`,
        ratio: ratio(png.p50, floor.p50),
      },
      {
        measure: "receipt PNG p95",
        figure: ms(png.p95),
        baseline: `${ms(floor.p95)} (one-line pdfkit doc)`,
        ratio: ratio(png.p95, floor.p95),
      },
      {
        measure: `month statement XLSX, ${bigRows.toLocaleString("en")} rows: time`,
        figure: ms(big.ms),
        baseline: `${ms(small.ms)} (${baselineRows.toLocaleString("en")} rows)`,
        ratio: ratio(big.ms, small.ms),
      },
      {
        measure: `month statement XLSX, ${bigRows.toLocaleString("en")} rows: peak RSS growth`,
        figure: `${mb(big.rssGrowthMb)} (heap +${mb(big.heapGrowthMb)}, file ${mb(big.bytes / 2 ** 20)})`,
        baseline: `${mb(small.rssGrowthMb)} (${baselineRows.toLocaleString("en")} rows)`,
        ratio: `${(bigRows / baselineRows).toFixed(0)}× the rows`,
      },
    ];
  } finally {
    await connection.close();
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({ quick: hasFlag("quick") });
  console.table(rows);
}
