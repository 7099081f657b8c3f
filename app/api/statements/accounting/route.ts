// The accounting export of a day or a month: ?day=YYYY-MM-DD or ?month=YYYY-MM, &format=csv|xlsx,
// &lang=pt-BR|en (CSV dialect by language: pt-BR ";" and 1234,56). Layout and accounts:
// lib/statements/accounting-export.ts. Streamed; operators who can read, past two-factor.
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
import { loadStatement } from "@/lib/statements/statement";

export const dynamic = "force-dynamic";

const formatSchema = z.object({ format: z._default(z.enum(["csv", "xlsx"]), "csv"), lang: z.optional(z.enum(locales)) });

export const GET = operatorRoute({ name: "statements.accounting", capability: "read" }, async (request, { db, config }) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = statementQuerySchema.safeParse({ ...params, format: undefined });
  const options = formatSchema.safeParse(params);
  if (!query.success || !options.success)
    return problemResponse(400, (!query.success && dateErrorOf(query.error.issues)) || msg("errors.route.invalidQuery"));
  const locale = options.data.lang ?? (await getMessages()).locale;
  const period = periodOf(query.data);
  const statement = await loadStatement(db, period, config.wallet.taxUnit);
  const name = `${locale === "pt-BR" ? "contabil" : "accounting"}-${period.kind === "day" ? period.day : period.month}.${options.data.format}`;
  let body: Readable;
  if (options.data.format === "csv") {
    // Not object mode: the text chunks become bytes (a web stream of strings fails in Response).
    body = Readable.from(accountingCsv(statement, config.accountingAccounts, locale, csvDialects[csvDialectFor(null, locale)]), {
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
