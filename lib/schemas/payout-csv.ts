// Bulk payouts from a CSV file: every row is checked with the cash-out form's own schema, and all
// problems are reported with their line numbers before anything is saved.
// Columns (header row required, any order, case-insensitive): amount, key_type, key, reference,
// description, and any number of metadata.<name> columns. Separator: ";" or "," (read from the
// header). Amounts as on the form: 1.234,56 (quote them when the separator is ",").
import Papa from "papaparse";
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { chosenStoreIdSchema } from "@/lib/schemas/store-choice";
import { cashOutOrderSchema, type CashOutOrderOutput } from "@/lib/schemas/cash-out";
import { type PixKeyType, pixKeyTypeValues } from "@/lib/vocabulary/pix-key-types";

export const maxPayoutCsvBytes = 512 * 1024;
export const maxPayoutCsvRows = 1_000;
export const payoutCsvRequiredColumns = ["amount", "key_type", "key"] as const;
export const payoutCsvOptionalColumns = ["reference", "description"] as const;

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const payoutCsvMessages = {
  empty: msg("errors.payoutCsv.empty"),
  tooLarge: msg("errors.payoutCsv.tooLarge", { kib: maxPayoutCsvBytes / 1024 }),
  tooManyRows: msg("errors.payoutCsv.tooManyRows", { max: maxPayoutCsvRows }),
  missingColumns: (columns: string[]) => msg("errors.payoutCsv.missingColumns", { columns: columns.join(", ") }),
  unknownColumn: (column: string) => msg("errors.payoutCsv.unknownColumn", { column }),
  keyType: msg("errors.payoutCsv.keyType", { types: pixKeyTypeValues.join(", ") }),
  malformed: msg("errors.payoutCsv.malformed"),
  wrongCellCount: (expected: number, found: number) => msg("errors.payoutCsv.wrongCellCount", { expected, found }),
} as const;

export type PayoutCsvProblem = { line: number; field: string; message: string };
export type PayoutRow = { line: number; order: Omit<CashOutOrderOutput, "idempotencyKey"> };
export type PayoutCsvResult = { ok: true; rows: PayoutRow[] } | { ok: false; fileError?: string; problems: PayoutCsvProblem[] };

const rowSchema = z.omit(cashOutOrderSchema, { idempotencyKey: true });

/** Reads and checks the whole file; on any problem returns them all and no rows. */
export function parsePayoutCsv(text: string): PayoutCsvResult {
  if (new TextEncoder().encode(text).length > maxPayoutCsvBytes) return { ok: false, fileError: payoutCsvMessages.tooLarge, problems: [] };
  const content = text.replace(/^\uFEFF/, "");
  if (!content.trim()) return { ok: false, fileError: payoutCsvMessages.empty, problems: [] };
  const firstLine = content.split(/\r?\n/, 1)[0]!;
  const delimiter = firstLine.includes(";") ? ";" : ",";
  // Blank lines are kept (and skipped below) so a record's index is its line number; the parser
  // takes care of quoted separators and quotes.
  const parsed = Papa.parse<string[]>(content, { delimiter, skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = payoutCsvRequiredColumns.filter((column) => !columns.includes(column));
  const problems: PayoutCsvProblem[] = [];
  if (missing.length) return { ok: false, fileError: payoutCsvMessages.missingColumns(missing), problems };
  for (const column of columns) {
    if (![...payoutCsvRequiredColumns, ...payoutCsvOptionalColumns].includes(column as never) && !/^metadata\..+/.test(column)) {
      return { ok: false, fileError: payoutCsvMessages.unknownColumn(column), problems };
    }
  }
  const badLines = new Set(parsed.errors.map((error) => (error.row ?? -1) + 1));
  const dataRecords = records
    .map((cells, index) => ({ cells, line: index + 2 }))
    .filter(({ cells }) => !(cells.length === 1 && cells[0]!.trim() === ""));
  if (dataRecords.length === 0) return { ok: false, fileError: payoutCsvMessages.empty, problems };
  if (dataRecords.length > maxPayoutCsvRows) return { ok: false, fileError: payoutCsvMessages.tooManyRows, problems };

  const rows: PayoutRow[] = [];
  for (const { cells, line } of dataRecords) {
    if (badLines.has(line - 1)) {
      problems.push({ line, field: "line", message: payoutCsvMessages.malformed });
      continue;
    }
    if (cells.length !== columns.length) {
      problems.push({ line, field: "line", message: payoutCsvMessages.wrongCellCount(columns.length, cells.length) });
      continue;
    }
    const cell = (name: string) => cells[columns.indexOf(name)]?.trim() ?? "";
    const keyType = cell("key_type").toUpperCase();
    const metadata = columns.flatMap((column, index) =>
      column.startsWith("metadata.") && cells[index]!.trim()
        ? [{ key: column.slice("metadata.".length), value: cells[index]!.trim() }]
        : [],
    );
    if (cell("description")) metadata.unshift({ key: "description", value: cell("description") });
    const result = rowSchema.safeParse({
      amount: cell("amount"),
      pixKey: { type: pixKeyTypeValues.includes(keyType as PixKeyType) ? keyType : undefined, key: cell("key") },
      metadata,
      externalReference: cell("reference"),
    });
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push({
          line,
          field: csvFieldOf(issue.path, metadata),
          message: issue.path[1] === "type" ? payoutCsvMessages.keyType : issue.message,
        });
      continue;
    }
    rows.push({ line, order: result.data });
  }
  return problems.length ? { ok: false, problems } : { ok: true, rows };
}

/** The CSV column a schema issue belongs to. */
function csvFieldOf(path: PropertyKey[], metadata: Array<{ key: string }>): string {
  const [first, second] = path;
  if (first === "amount") return "amount";
  if (first === "pixKey") return second === "type" ? "key_type" : "key";
  if (first === "externalReference") return "reference";
  if (first === "metadata" && typeof second === "number")
    return metadata[second]?.key === "description" ? "description" : `metadata.${metadata[second]?.key ?? ""}`;
  return String(first ?? "line");
}

export type PayoutBatchSummary = {
  count: number;
  totalCents: number;
  byKeyType: Array<{ type: PixKeyType; count: number; totalCents: number }>;
  /** Rows whose (key type, key, amount) appears more than once in the file, grouped. */
  duplicates: Array<{ lines: number[]; pixKeyType: PixKeyType; pixKey: string; amountCents: number }>;
};

export function summarisePayoutRows(rows: PayoutRow[]): PayoutBatchSummary {
  const byType = new Map<PixKeyType, { count: number; totalCents: number }>();
  const groups = new Map<string, number[]>();
  for (const { line, order } of rows) {
    const type = byType.get(order.pixKey.type) ?? { count: 0, totalCents: 0 };
    byType.set(order.pixKey.type, { count: type.count + 1, totalCents: type.totalCents + order.amount });
    const identity = JSON.stringify([order.pixKey.type, order.pixKey.key, order.amount]);
    groups.set(identity, [...(groups.get(identity) ?? []), line]);
  }
  return {
    count: rows.length,
    totalCents: rows.reduce((sum, { order }) => sum + order.amount, 0),
    byKeyType: pixKeyTypeValues.filter((type) => byType.has(type)).map((type) => ({ type, ...byType.get(type)! })),
    duplicates: [...groups.entries()]
      .filter(([, lines]) => lines.length > 1)
      .map(([identity, lines]) => {
        const [pixKeyType, pixKey, amountCents] = JSON.parse(identity) as [PixKeyType, string, number];
        return { lines, pixKeyType, pixKey, amountCents };
      }),
  };
}

/** The upload as the server actions receive it: the file's text, never trusted from a preview. */
export const payoutCsvUploadSchema = z.object({
  /** One per upload page: submitting the same batch twice saves it once. */
  uploadKey: z.uuid({ error: msg("errors.form.stalePage") }),
  fileName: z._default(z.string().check(z.trim(), z.maxLength(200)), "payouts.csv"),
  csvText: z.string().check(z.maxLength(maxPayoutCsvBytes + 1024, { error: payoutCsvMessages.tooLarge })),
  /** The store whose wallet sends the batch (issue #49). */
  storeId: chosenStoreIdSchema,
});
