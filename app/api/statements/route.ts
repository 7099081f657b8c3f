// A statement download: ?day=YYYY-MM-DD or ?month=YYYY-MM, &format=xlsx|pdf|ofx, &lang=pt-BR|en
// (default the operator's language). Streamed as it is written: a month of 100,000 rows never sits
// in memory whole. Operators who can read, past two-factor (lib/http/operator-route.ts).
import { PassThrough, Readable } from "node:stream";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { getMessages } from "@/lib/i18n/locale";
import { msg } from "@/lib/i18n/message";
import { logger } from "@/lib/logger";
import { dateErrorOf } from "@/lib/schemas/calendar-dates";
import { periodOf, statementQuerySchema } from "@/lib/schemas/statement-period";
import { loadStatement, statementFileName } from "@/lib/statements/statement";
import { ofxAccountId, statementOfx } from "@/lib/statements/statement-ofx";
import { statementPdf } from "@/lib/statements/statement-pdf";
import { writeStatementXlsx } from "@/lib/statements/statement-xlsx";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "statements.download", capability: "read" }, async (request, { db, config, operator }) => {
  const query = statementQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return problemResponse(400, dateErrorOf(query.error.issues) ?? msg("errors.route.invalidQuery"));
  const locale = query.data.lang ?? (await getMessages()).locale;
  const period = periodOf(query.data);
  // Consolidated or the switcher's store, never beyond the operator's grants (issue #49).
  const statement = await loadStatement(db, operator.stores, period, config.wallet.taxUnit);
  const format = query.data.format;
  let body: Readable;
  // The merchant's identity heads the PDF and the workbook; OFX has no place for it.
  const identity = format === "ofx" ? null : await findMerchantIdentity(db);
  if (format === "pdf") {
    body = statementPdf(statement, locale, { merchantName: config.merchantName, identity }) as unknown as Readable;
  } else if (format === "ofx") {
    // Bytes, not strings: a web stream of strings is no Response body (undici refuses the chunks).
    body = Readable.from(statementOfx(statement, { account: ofxAccountId }), { objectMode: false });
  } else {
    const stream = new PassThrough();
    writeStatementXlsx(statement, locale, stream, { merchantName: config.merchantName, identity }).catch((error: unknown) => {
      logger.error({ err: error, period }, "statement XLSX failed while streaming");
      stream.destroy(error as Error);
    });
    body = stream;
  }
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "content-type":
        format === "pdf"
          ? "application/pdf"
          : format === "ofx"
            ? "application/x-ofx"
            : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${statementFileName(period, locale, format, statement.storeNames)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
