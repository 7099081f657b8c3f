// A payment link's poster through its download route, read back with a PDF text extractor (unpdf)
// in both languages: the merchant, the link's name and description, "valor a escolher" with the
// range (or the fixed price), the public address as text and as a link, and a QR code whose
// modules are those of the public address; unknown and malformed ids answer 404.
import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import { extractImages, extractLinks, extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as posterRoute } from "@/app/api/payment-links/[id]/poster/route";
import type { AppConfig } from "@/lib/config";
import { insertPaymentLink } from "@/lib/db/queries/payment-links";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

// pdf.js decodes images with ArrayBuffer.prototype.transferToFixedLength (Node 21+); on Node 20 (the
// engines' floor) a copy does what the extraction needs of it.
const arrayBuffer = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
arrayBuffer.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

let database: TestDatabase;
let config: AppConfig;
let viewer: Headers;
const links = {} as Record<"payerChooses" | "fixed", PaymentLinkRecord>;

async function newLink(slug: string, values: Partial<Parameters<typeof insertPaymentLink>[1]>): Promise<PaymentLinkRecord> {
  const link = await insertPaymentLink(database.db, {
    slug,
    name: "Gorjetas da equipe",
    description: "Obrigado pela visita!",
    amountCents: null,
    minAmountCents: 500,
    maxAmountCents: 50_000,
    maxPaidCharges: null,
    endsAt: null,
    chargeExpiryMinutes: 30,
    returnUrl: null,
    inactiveMessage: null,
    createdByUserId: "test",
    createdByEmail: "test@example.com",
    ...values,
  });
  if (!link) throw new Error("slug taken");
  return link;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const runtime = installTestRuntime(database);
  config = runtime.config;
  viewer = await createOperatorSession(runtime.auth, { email: "poster-viewer@example.com", role: "viewer" });
  links.payerChooses = await newLink("PSTRABCD", {});
  links.fixed = await newLink("PSTRFGHJ", {
    name: "Café",
    description: null,
    amountCents: 2_500,
    minAmountCents: null,
    maxAmountCents: null,
  });
});
afterAll(async () => {
  requestState.headers = new Headers();
  await database?.dispose();
});

async function download(id: string, query = "", headers = viewer) {
  requestState.headers = headers;
  return posterRoute(new Request(`${config.appUrl}/api/payment-links/${id}/poster${query}`, { headers }), {
    params: Promise.resolve({ id }),
  });
}

async function read(response: Response) {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pdf, text: text.replace(/\s+/g, " ") };
}

describe("a payment link's poster", () => {
  it.each([
    ["pt-BR", ["Pagar a", "Valor a escolher", "De R$ 5,00 a R$ 500,00", "Aponte a câmera do celular", "Ou acesse o endereço:"]],
    ["en", ["Pay ", "Amount of your choice", "From R$ 5,00 to R$ 500,00", "Point your phone's camera", "Or open this address:"]],
  ])("says in %s who is paid, for what, how much, and where", async (locale, words) => {
    const response = await download(links.payerChooses.id, `?lang=${locale}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="payment-link-PSTRABCD-${locale}.pdf"`);
    const { pdf, text } = await read(response);
    expect(pdf.numPages).toBe(1);
    for (const word of [...words, config.merchantName, "Gorjetas da equipe", "Obrigado pela visita!", `${config.appUrl}/l/PSTRABCD`])
      expect(text).toContain(word);
    expect(await extractLinks(pdf)).toMatchObject({ links: [`${config.appUrl}/l/PSTRABCD`] });
  });

  it("prints a fixed link's price, and a QR code of its public address", async () => {
    const { pdf, text } = await read(await download(links.fixed.id, "?lang=pt-BR"));
    expect(text).toContain("R$ 25,00");
    expect(text).not.toContain("Valor a escolher");
    const [image] = await extractImages(pdf, 1);
    expect(image).toBeDefined();
    // The QR code's modules, sampled at each module's centre, are the public address's.
    const expected = QRCode.create(`${config.appUrl}/l/PSTRFGHJ`, { errorCorrectionLevel: "Q" }).modules;
    const modulesAcross = expected.size + 2; // one module of quiet zone on each side
    const pixel = image!.width / modulesAcross;
    const dark = (row: number, column: number) => {
      const x = Math.floor((column + 1.5) * pixel);
      const y = Math.floor((row + 1.5) * pixel);
      return image!.data[(y * image!.width + x) * image!.channels]! < 128;
    };
    const mismatches = Array.from({ length: expected.size * expected.size }).filter(
      (_, index) =>
        dark(Math.floor(index / expected.size), index % expected.size) !==
        Boolean(expected.get(Math.floor(index / expected.size), index % expected.size)),
    );
    expect(mismatches).toHaveLength(0);
  });

  it("answers 404 for an unknown or malformed id, in the operator's language by default", async () => {
    expect((await download(randomUUID())).status).toBe(404);
    expect((await download("not-a-link")).status).toBe(404);
    const { text } = await read(await download(links.fixed.id));
    expect(text).toContain("Café");
  });
});
