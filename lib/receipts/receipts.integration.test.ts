// Receipts end to end below the browser: a paid charge's and a paid cash-out's PDF, read back with a
// PDF text extractor (unpdf), say what their ledger rows say in both languages, with the document
// and PIX key masked; the PNG is a real image; the download route serves both; the public check
// answers a genuine code with the essentials only and refuses forged, altered and unpaid ones.
import { randomUUID } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as verifyRoute } from "@/app/api/receipts/verify/[code]/route";
import { GET as receiptRoute } from "@/app/api/transactions/[id]/receipt/route";
import { GET as batchReceiptsRoute } from "@/app/api/cash-out-requests/[id]/receipts/route";
import { unzipSync } from "fflate";
import { cashOutRequestItems, cashOutRequests } from "@/lib/db/schema";
import { findReceiptRow } from "@/lib/db/queries/receipts";
import { paymentLinks, transactions } from "@/lib/db/schema";
import { formatBRL, formatDateTime } from "@/lib/format";
import type { Locale } from "@/lib/i18n/messages";
import { buildReceipt, type ReceiptSettings } from "@/lib/receipts/receipt";
import { renderReceiptPdf } from "@/lib/receipts/receipt-pdf";
import { renderReceiptPng } from "@/lib/receipts/receipt-png";
import { receiptVerificationCode, verifyReceiptCode } from "@/lib/receipts/verification-code";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

let database: TestDatabase;
let settings: ReceiptSettings;
let viewer: Headers;
const paidAt = new Date("2026-11-25T13:04:05Z"); // 10:04:05 in São Paulo
const ids = { charge: randomUUID(), cashOut: randomUUID(), pending: randomUUID() };

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth, config } = installTestRuntime(database);
  settings = {
    merchantName: config.merchantName,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    taxUnit: config.wallet.taxUnit,
    identity: null,
  };
  viewer = await createOperatorSession(auth, { email: "receipts-viewer@example.com", role: "viewer" });
  // The charge came from a payment link: its receipt names it (#48).
  const [link] = await database.db
    .insert(paymentLinks)
    .values({ slug: "receipt-link", name: "Feira de domingo", amountCents: 123_456, chargeExpiryMinutes: 30 })
    .returning({ id: paymentLinks.id });
  const base = { creationState: "created" as const, createdAt: new Date(paidAt.getTime() - 60_000), statusChangedAt: paidAt };
  await database.db.insert(transactions).values([
    {
      ...base,
      id: ids.charge,
      kind: "CASH_IN",
      status: "SUCCEED",
      walletTransactionId: "wallet-charge-0001",
      amountCents: 123_456,
      tax: "150.000000",
      isSandbox: true,
      payerName: "Maria da Conceição",
      payerDocument: "12345678909",
      payerEmail: "maria@example.com",
      idempotencyKey: randomUUID(),
      paymentLinkId: link!.id,
    },
    {
      ...base,
      id: ids.cashOut,
      kind: "CASH_OUT",
      status: "SUCCEED",
      walletTransactionId: "wallet-payout-0002",
      amountCents: 9_990,
      pixKeyType: "PHONE",
      pixKey: "+5511987654321",
      idempotencyKey: randomUUID(),
    },
    {
      ...base,
      id: ids.pending,
      kind: "CASH_IN",
      status: "PENDING",
      walletTransactionId: "wallet-charge-0003",
      amountCents: 500,
      idempotencyKey: randomUUID(),
    },
  ]);
});
afterAll(async () => {
  requestState.headers = new Headers();
  await database?.dispose();
});

/** The PDF's text with its spacing made plain (the currency's no-break space, line breaks). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}
const plain = (text: string) => text.replace(/\s+/g, " ");

describe.each<[Locale, { title: RegExp; paid: string; fee: string; link: string }]>([
  ["pt-BR", { title: /Comprovante de pagamento PIX/, paid: "Paga", fee: "Tarifa da carteira", link: "Link de pagamento" }],
  ["en", { title: /PIX payment receipt/, paid: "Paid", fee: "Wallet fee", link: "Payment link" }],
])("a paid charge's receipt in %s", (locale, words) => {
  it("says what the ledger row says, with the payer's document masked", async () => {
    const row = (await findReceiptRow(database.db, merchantWideScope(), ids.charge))!;
    const text = await pdfText(await renderReceiptPdf(buildReceipt(row, settings, locale)!));
    expect(text).toMatch(words.title);
    expect(text).toContain(settings.merchantName);
    expect(text).toContain(plain(formatBRL(row.amountCents)));
    expect(text).toContain(`${words.fee} R$ 1,50`); // the sandbox's tax in whole cents
    expect(text).toContain("Maria da Conceição");
    expect(text).toContain(`${words.link} Feira de domingo`);
    expect(text).toContain("***.456.789-**");
    expect(text).not.toContain("12345678909");
    expect(text).not.toContain("123.456.789-09");
    expect(text).not.toContain("maria@example.com");
    expect(text).toContain(row.walletTransactionId!);
    expect(text).toContain(row.id);
    expect(text).toContain(plain(formatDateTime(locale, row.statusChangedAt!, { seconds: true })));
    expect(text).toContain(locale === "pt-BR" ? "25/11/2026 10:04:05" : "25 Nov 2026, 10:04:05");
    expect(text).toContain(words.paid);
    expect(text).toContain(receiptVerificationCode(settings.authSecret, row.id));
  });
});

describe("a paid cash-out's receipt", () => {
  it("masks the recipient's PIX key in both languages", async () => {
    const row = (await findReceiptRow(database.db, merchantWideScope(), ids.cashOut))!;
    for (const locale of ["pt-BR", "en"] as const) {
      const text = await pdfText(await renderReceiptPdf(buildReceipt(row, settings, locale)!));
      expect(text).toContain(locale === "pt-BR" ? "Comprovante de transferência PIX" : "PIX transfer receipt");
      expect(text).toContain("+55 ** *****-4321");
      expect(text).not.toContain("98765");
      expect(text).toContain("R$ 99,90");
      expect(text).toContain("wallet-payout-0002");
    }
  });

  it("renders as a PNG image", async () => {
    const row = (await findReceiptRow(database.db, merchantWideScope(), ids.cashOut))!;
    const png = await renderReceiptPng(buildReceipt(row, settings, "pt-BR")!);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(640); // IHDR width
  });
});

describe("the download route", () => {
  const download = (id: string, query: string) => {
    requestState.headers = viewer;
    return receiptRoute(new Request(`http://localhost:3999/api/transactions/${id}/receipt?${query}`, { headers: viewer }), {
      params: Promise.resolve({ id }),
    });
  };

  it("serves a paid transaction's PDF and PNG to a signed-in operator", async () => {
    const pdf = await download(ids.charge, "format=pdf&lang=en");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`receipt-${ids.charge}.pdf`);
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain("PIX payment receipt");
    const png = await download(ids.cashOut, "format=png&lang=pt-BR");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toContain(`comprovante-${ids.cashOut}.png`);
  });

  it("refuses an unpaid transaction (409) and an unknown one (404)", async () => {
    expect((await download(ids.pending, "format=pdf")).status).toBe(409);
    expect((await download(randomUUID(), "format=pdf")).status).toBe(404);
    expect((await download(ids.charge, "format=docx")).status).toBe(404);
  });
});

describe("the public verification", () => {
  const check = (code: string, address = "198.51.100.7") =>
    verifyRoute(new Request(`http://localhost:3999/api/receipts/verify/${code}`, { headers: { "x-forwarded-for": address } }), {
      params: Promise.resolve({ code }),
    });

  it("confirms a genuine code with the essentials and nothing personal", async () => {
    const response = await check(receiptVerificationCode(settings.authSecret, ids.charge));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      genuine: true,
      merchant: settings.merchantName,
      kind: "CASH_IN",
      amountCents: 123_456,
      paidAt: paidAt.toISOString(),
      walletTransactionId: "wallet-charge-0001",
      status: "SUCCEED",
    });
  });

  it("refuses altered, forged, other-key and unpaid codes alike", async () => {
    const genuine = receiptVerificationCode(settings.authSecret, ids.charge);
    const [idPart, tagPart] = genuine.split(".") as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const refused = [
      `${flip(idPart, 3)}.${tagPart}`, // another transaction's id under this tag
      `${idPart}.${flip(tagPart, 5)}`, // the tag altered
      `${receiptVerificationCode(settings.authSecret, ids.cashOut).split(".")[0]}.${tagPart}`, // a real id, the wrong tag
      receiptVerificationCode("another-secret-of-at-least-32-characters!!", ids.charge), // signed with another key
      receiptVerificationCode(settings.authSecret, ids.pending), // genuine signature, but not paid
      receiptVerificationCode(settings.authSecret, randomUUID()), // genuine signature, no such transaction
      "not-a-code",
    ];
    for (const code of refused) {
      const response = await check(code);
      expect(response.status, code).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
    expect(verifyReceiptCode(settings.authSecret, genuine)).toBe(ids.charge);
    expect(verifyReceiptCode(settings.authSecret, `${idPart}.${flip(tagPart, 21)}`)).toBeNull();
  });

  it("limits each address", async () => {
    const code = receiptVerificationCode(settings.authSecret, ids.cashOut);
    const { limit } = rateLimitRules.receiptVerifyPerAddress;
    for (let attempt = 0; attempt < limit; attempt++) await (await check(code, "203.0.113.99")).body?.cancel();
    expect((await check(code, "203.0.113.99")).status).toBe(429);
    expect((await check(code, "203.0.113.100")).status).toBe(200);
  });
});

describe("a payout batch's receipts", () => {
  it("come as one ZIP with a PDF per paid row, named by its line", async () => {
    const requestId = randomUUID();
    await database.db.insert(cashOutRequests).values({
      id: requestId,
      kind: "batch",
      state: "approved",
      idempotencyKey: randomUUID(),
      totalCents: 30_000,
      itemCount: 3,
      requestedByUserId: "someone",
      requestedByEmail: "someone@example.com",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const item = (line: number, transactionId: string | null) => ({
      requestId,
      line,
      amountCents: 10_000,
      pixKeyType: "PHONE" as const,
      pixKey: "+5511987654321",
      idempotencyKey: randomUUID(),
      transactionId,
    });
    // Line 2 is the paid cash-out, line 3 a pending charge's row (no receipt), line 4 never sent.
    await database.db.insert(cashOutRequestItems).values([item(2, ids.cashOut), item(3, ids.pending), item(4, null)]);
    requestState.headers = viewer;
    const response = await batchReceiptsRoute(
      new Request(`http://localhost:3999/api/cash-out-requests/${requestId}/receipts?lang=en`, { headers: viewer }),
      { params: Promise.resolve({ id: requestId }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual([`0002-receipt-${ids.cashOut}.pdf`]);
    const text = await pdfText(Buffer.from(files[`0002-receipt-${ids.cashOut}.pdf`]!));
    expect(text).toContain("PIX transfer receipt");
    expect(text).toContain("+55 ** *****-4321");
  });
});
