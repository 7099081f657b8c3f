// A statement as a PDF (pdfkit): the summary, then one line per transaction in a compact table,
// page after page. The document is a stream: pages leave memory as they are written out.
import PDFDocument from "pdfkit";
import { formatBRL, formatCalendarDay, formatDateTime } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { pdfFonts, registerPdfFonts } from "@/lib/pdf/fonts";
import { formatCnpjForPrint } from "@/lib/schemas/brazilian-documents";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import type { MerchantIdentity } from "@/lib/vocabulary/merchant-identity";
import { statementKindLabels, statementStateLabels } from "@/lib/vocabulary/code-labels";
import { statementStates, type StatementLine } from "@/lib/vocabulary/statement";
import { type Statement, statementFeeTexts, statementStoresText } from "./statement";
import { statementTitle } from "./statement-xlsx";

/** A pdfkit document already being written (pipe it, or read it as a stream); it ends by itself. */
export type StatementDocumentContext = {
  merchantName: string;
  /** The merchant's legal name, CNPJ, address and logo (issue #51); null while not set: the header shows the name only. */
  identity: MerchantIdentity | null;
};

export function statementPdf(statement: Statement, locale: Locale, context: StatementDocumentContext): PDFKit.PDFDocument {
  const t = dictionaries[locale];
  const document = registerPdfFonts(
    new PDFDocument({ size: "A4", margin: 36, lang: locale, info: { Title: statementTitle(statement, locale) } }),
  );
  void (async () => {
    try {
      const left = 36;
      const width = document.page.width - 72;
      const { identity } = context;
      // The logo at the top right (within 150 × 50 pt); the title keeps the width left of it.
      const logoBox = { width: 150, height: 50 };
      if (identity?.logo) {
        document.image(Buffer.from(identity.logo.pngBase64, "base64"), left + width - logoBox.width, 36, {
          fit: [logoBox.width, logoBox.height],
          align: "right",
        });
      }
      const headerWidth = identity?.logo ? width - logoBox.width - 12 : width;
      document.font(pdfFonts.bold).fontSize(16).text(statementTitle(statement, locale), left, 36, { width: headerWidth });
      document.font(pdfFonts.regular).fontSize(9).fillColor("#475569");
      document.text(`${t["statement.merchant"]}: ${context.merchantName}`, { width: headerWidth });
      document.text(`${t["statement.stores"]}: ${statementStoresText(statement, t)}`, { width: headerWidth });
      if (identity) {
        document.text(`${t["receipt.legalName"]}: ${identity.legalName} · ${t["receipt.cnpj"]}: ${formatCnpjForPrint(identity.cnpj)}`, {
          width: headerWidth,
        });
        if (identity.address) document.text(`${t["receipt.address"]}: ${identity.address}`, { width: headerWidth });
      }
      if (identity?.logo) document.y = Math.max(document.y, 36 + logoBox.height + 4);
      document.text(
        statement.closed
          ? fill(t["statement.closedAt"], {
              at: formatDateTime(locale, statement.closed.closedAt),
              who: statement.closed.closedByEmail ?? "—",
            })
          : t["statement.open"],
      );
      document.text(t["statement.datedBySettlement"]);
      document.moveDown();
      const { totals } = statement;
      const summaryLine = (label: string, value: string) => {
        const y = document.y;
        document.font(pdfFonts.regular).fontSize(10).fillColor("#0f172a").text(label, left, y, { width: 300 });
        document.font(pdfFonts.bold).text(value, left + 300, y, { width: width - 300, align: "right" });
      };
      summaryLine(t["statement.openingBalance"], formatBRL(statement.balances.openingCents));
      summaryLine(`${t["statement.cashIn"]} (${totals.cashIn.count})`, formatBRL(totals.cashIn.amountCents));
      summaryLine(`${t["statement.cashOut"]} (${totals.cashOut.count})`, formatBRL(totals.cashOut.amountCents));
      const feeTexts = statementFeeTexts(totals, t);
      summaryLine(feeTexts.feesLabel, feeTexts.fees ?? feeTexts.feesUnstated ?? "");
      summaryLine(feeTexts.netLabel, formatBRL(totals.netCents));
      if (statement.period.kind === "day") {
        summaryLine(`${t["statement.adjustments"]} (${totals.adjustments.count})`, formatBRL(totals.adjustments.netCents));
        summaryLine(t["statement.netWithAdjustments"], formatBRL(totals.netCents + totals.adjustments.netCents));
      }
      summaryLine(t["statement.closingBalance"], formatBRL(statement.balances.closingCents));
      document.moveDown(0.5);
      document.font(pdfFonts.bold).fontSize(10).text(t["statement.apart"], left);
      for (const state of statementStates) {
        if (state === "SETTLED") continue;
        summaryLine(`${t[statementStateLabels[state]]} (${totals.apart[state].count})`, formatBRL(totals.apart[state].amountCents));
      }
      const columns = [
        { label: t["statement.column.dateTime"], width: 80 },
        { label: t["statement.column.createdAt"], width: 80 },
        { label: t["statement.column.kind"], width: 52 },
        { label: t["statement.column.state"], width: 80 },
        { label: t["statement.column.amount"], width: 64, right: true },
        { label: t["statement.column.fee"], width: 48, right: true },
        { label: t["statement.column.walletId"], width: width - 404 },
      ];
      const row = (cells: string[], bold = false) => {
        if (document.y > document.page.height - 54) document.addPage();
        const y = document.y;
        let x = left;
        document
          .font(bold ? pdfFonts.bold : pdfFonts.regular)
          .fontSize(7.5)
          .fillColor("#0f172a");
        cells.forEach((cell, index) => {
          const column = columns[index]!;
          document.text(cell, x, y, { width: column.width - 4, align: column.right ? "right" : "left", lineBreak: false, ellipsis: true });
          x += column.width;
        });
        document.y = y + 11;
        document.x = left;
      };
      const cellsOf = (line: StatementLine) => [
        formatDateTime(locale, line.bookedAt, { seconds: true }),
        formatDateTime(locale, line.createdAt, { seconds: true }),
        t[statementKindLabels[line.kind]],
        t[statementStateLabels[line.state]],
        formatBRL(line.amountCents),
        // A fee whose unit is not stated: the totals above say so; the narrow column shows none.
        line.feeStated === false ? "—" : formatBRL(line.feeCents),
        line.walletTransactionId ?? line.transactionId,
      ];
      document.moveDown();
      document.font(pdfFonts.bold).fontSize(11).text(t["statement.lines"], left);
      row(
        columns.map((column) => column.label),
        true,
      );
      let any = false;
      for await (const batch of statement.lines()) {
        for (const line of batch) {
          any = true;
          row(cellsOf(line));
        }
      }
      if (!any) document.font(pdfFonts.regular).fontSize(9).text(t["statement.none"], left);
      if (statement.adjustments.length) {
        document.moveDown();
        document.font(pdfFonts.bold).fontSize(11).text(t["statement.adjustmentsSheet"], left);
        for (const adjustment of statement.adjustments) {
          row(cellsOf(adjustment));
          document
            .font(pdfFonts.regular)
            .fontSize(7)
            .fillColor("#475569")
            .text(
              `${t["statement.column.originalDay"]}: ${formatCalendarDay(locale, adjustment.originalDay)} · ${t["statement.column.previousState"]}: ${t[statementStateLabels[adjustment.previousState]]} · ${t["statement.column.netChange"]}: ${formatBRL(adjustment.netCents)}`,
              left,
            );
        }
      }
      document.end();
    } catch (error) {
      document.emit("error", error);
    }
  })();
  return document;
}
