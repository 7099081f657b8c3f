// Seeds a database (before a server opens it) with counters that each have one paired display and
// one pending charge on screen: used by the display restart e2e test and the latency benchmark.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { openDatabase } from "@/lib/db/client";
import { counters, displayDevices, transactions } from "@/lib/db/schema";
import { sha256 } from "@/lib/displays/tokens";

export type SeededDisplay = { token: string; transactionId: string; walletId: string; amountCents: number; counterName: string };

const migrations = path.resolve(import.meta.dirname, "../../lib/db/migrations");

export async function seedDisplayedCharges(settings: Parameters<typeof openDatabase>[0], count: number): Promise<SeededDisplay[]> {
  const connection = await openDatabase(settings);
  await connection.migrate(migrations, "__drizzle_migrations");
  const seeded: SeededDisplay[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const display = {
        token: randomBytes(32).toString("base64url"),
        transactionId: randomUUID(),
        walletId: `seeded-${randomUUID()}`,
        amountCents: 1_000 + index,
        counterName: `Seeded ${index} ${randomUUID().slice(0, 8)}`,
      };
      const [charge] = await connection.db
        .insert(transactions)
        .values({
          id: display.transactionId,
          kind: "CASH_IN",
          creationState: "created",
          status: "PENDING",
          walletTransactionId: display.walletId,
          amountCents: display.amountCents,
          // Only drawn as a QR code by the display: any text works, this one looks like a BR Code.
          codeCopyPaste: `00020126580014br.gov.bcb.pix0136${randomUUID()}52040000530398654${String((display.amountCents / 100).toFixed(2).length).padStart(2, "0")}${(display.amountCents / 100).toFixed(2)}5802BR5912Loja Exemplo6009SAO PAULO62070503***6304ABCD`,
          qrcodeImage: "data:image/png;base64,",
          expiresAt: new Date(Date.now() + 3_600_000),
          idempotencyKey: randomUUID(),
        })
        .returning({ id: transactions.id });
      const [counter] = await connection.db
        .insert(counters)
        .values({
          name: display.counterName,
          defaultPayerName: "Consumidor Final",
          defaultPayerEmail: "caixa@example.com",
          defaultPayerDocument: "11222333000181",
          currentTransactionId: charge!.id,
          currentShownAt: new Date(),
        })
        .returning({ id: counters.id });
      await connection.db.insert(displayDevices).values({ counterId: counter!.id, sessionTokenHash: sha256(display.token) });
      seeded.push(display);
    }
  } finally {
    await connection.close();
  }
  return seeded;
}

/** The body the wallet posts to the callback receiver when the charge's status changes. */
export function callbackBody(display: SeededDisplay, status: "SUCCEED" | "CANCELED") {
  return {
    id: display.walletId,
    value: display.amountCents,
    tax: 0,
    callbackUrl: "(seeded)",
    operation: "CASHIN",
    status,
    createdAt: new Date().toISOString(),
  };
}

/**
 * The charge's own callback path (lib/callbacks/callback-url.ts: an HMAC of the local id under the
 * callback secret). Recomputed here because that module is server-only; if the two ever disagree
 * the receiver answers 404 and the tests using this fail.
 */
export function callbackPath(display: SeededDisplay, callbackSecret: string): string {
  const token = createHmac("sha256", callbackSecret)
    .update(`wallet-dashboard/callback-url/v1/${display.transactionId.toLowerCase()}`)
    .digest("base64url");
  return `/api/callbacks/wallet/${display.transactionId}/${token}`;
}
