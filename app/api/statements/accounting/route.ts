// The accounting export of a day or a month: ?day=YYYY-MM-DD or ?month=YYYY-MM, &format=csv|xlsx,
// &lang=pt-BR|en (CSV dialect by language: pt-BR ";" and 1234,56), &layout=entries|movements. The
// double-entry layout and its accounts: lib/statements/accounting-export.ts; one line per movement:
// lib/statements/accounting-movements.ts. Streamed; operators who can read, past two-factor.
import { PassThrough, Readable } from "node:stream";
import * as z from "@/lib/schemas/zod";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { getMessages } from "@/lib/i18n/locale";
import { msg } from "@/lib/i18n/message";
import { locales } from "@/lib/i18n/messages";
import { csvDialectFor, csvDialects } from "@/lib/ledger/csv";
import { logger } from "@/lib/logger";
import { dateErrorOf } from "@/lib/schemas/calendar-dates";
import { periodOf, statementQuerySchema } from "@/lib/schemas/statement-period";
import { accountingCsv, writeAccountingXlsx } from "@/lib/statements/accounting-export";
import { movementsCsv, writeMovementsXlsx } from "@/lib/statements/accounting-movements";
import { loadStatement, storesFileSuffix } from "@/lib/statements/statement";

export const dynamic = "force-dynamic";

// layout: "entries" (double entry, the default) or "movements" (one line per movement, issue #51).
const formatSchema = z.object({
  format: z._default(z.enum(["csv", "xlsx"]), "csv"),
  layout: z._default(z.enum(["entries", "movements"]), "entries"),
  lang: z.optional(z.enum(locales)),
});

export const GET = operatorRoute({ name: "statements.accounting", capability: "read" }, async (request, { db, config, operator }) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = statementQuerySchema.safeParse({ ...params, format: undefined, layout: undefined });
  const options = formatSchema.safeParse(params);
  if (!query.success || !options.success)
    return problemResponse(400, (!query.success && dateErrorOf(query.error.issues)) || msg("errors.route.invalidQuery"));
  const locale = options.data.lang ?? (await getMessages()).locale;
  const period = periodOf(query.data);
  // Consolidated or the switcher's store, never beyond the operator's grants (issue #49).
  const statement = await loadStatement(db, operator.stores, period, config.wallet.taxUnit);
  const movements = options.data.layout === "movements";
  const prefix = movements ? (locale === "pt-BR" ? "movimentos" : "movements") : locale === "pt-BR" ? "contabil" : "accounting";
  const name = `${prefix}-${period.kind === "day" ? period.day : period.month}${storesFileSuffix(statement.storeNames, locale)}.${options.data.format}`;
  const dialect = csvDialects[csvDialectFor(null, locale)];
  let body: Readable;
  if (movements && options.data.format === "csv") {
    body = Readable.from(movementsCsv(statement, locale, dialect), { objectMode: false });
  } else if (movements) {
    const stream = new PassThrough();
    writeMovementsXlsx(statement, locale, stream).catch((error: unknown) => {
      logger.error({ err: error, period }, "movements XLSX failed while streaming");
      stream.destroy(error as Error);
    });
    body = stream;
  } else if (options.data.format === "csv") {
    // Not object mode: the text chunks become bytes (a web stream of strings fails in Response).
    body = Readable.from(accountingCsv(statement, config.accountingAccounts, locale, dialect), {
      objectMode: false,
    });
  } else {
    const stream = new PassThrough();
    writeAccountingXlsx(statement, config.accountingAccounts, locale, stream).catch((error: unknown) => {
      logger.error({ err: error, period }, "accounting XLSX failed while streaming");
      stream.destroy(error as Error);
    });
    body = stream;
  }
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "content-type":
        options.data.format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
