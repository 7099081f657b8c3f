// Applies one callback delivery to the ledger, in one short database transaction: the row the
// delivery may touch is locked, the body is checked against it, and the delivery is stored
// whatever happens (the inbox). A status only ever moves forward — PENDING to a final state, never
// back, never from one final state to another — and a body that disagrees with its row is kept as
// rejected, never applied.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import { bindingMismatches } from "@/lib/callbacks/binding-checks";
import type { DeliveryOutcome } from "@/lib/callbacks/delivery-outcomes";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, transactions } from "@/lib/db/schema";
import { publishTransactionChange, transactionChangeNotification } from "@/lib/live/live-events";
import { finalWalletStatuses, type WalletStatus } from "@/lib/transactions/statuses";
import type { CallbackTransactionSnapshot } from "@/lib/wallet/schemas";

export const maxQuarantinedBodies = 500;
/** How long the global-secret URL keeps working for a transaction created before per-transaction URLs. */
export const legacyCallbackUrlDays = 30;

export type IncomingDelivery = {
  snapshot: CallbackTransactionSnapshot;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  callbackLogId: string | null;
};

/** Which transaction a delivery may touch: the one its URL names, or (global URL) the one with its wallet id. */
export type DeliveryBinding = { kind: "transaction"; transactionId: string } | { kind: "legacy" };

export type AppliedDelivery = { outcome: DeliveryOutcome; transactionId: string | null; mismatchedFields: string[] };

export function decideOutcome(current: WalletStatus | null, incoming: WalletStatus): DeliveryOutcome {
  if (current === incoming) return "duplicate";
  if (current !== null && finalWalletStatuses.includes(current)) return "out_of_order";
  if (incoming === "PENDING" && current !== null) return "duplicate";
  return "applied";
}

/** The body as stored: without the base64 QR image (the transaction keeps it once), with its hash and size. */
export function storableDeliveryBody(body: Record<string, unknown>) {
  const { qrcodeImage, ...rest } = body;
  if (typeof qrcodeImage !== "string") return { body: rest, qrcodeImageSha256: null, qrcodeImageBytes: null };
  return {
    body: rest,
    qrcodeImageSha256: createHash("sha256").update(qrcodeImage).digest("hex"),
    qrcodeImageBytes: Buffer.byteLength(qrcodeImage),
  };
}

const rowColumns = {
  id: transactions.id,
  kind: transactions.kind,
  creationState: transactions.creationState,
  walletTransactionId: transactions.walletTransactionId,
  amountCents: transactions.amountCents,
  payerDocument: transactions.payerDocument,
  status: transactions.status,
  callbackBinding: transactions.callbackBinding,
  createdAt: transactions.createdAt,
  expireInMinutes: transactions.expireInMinutes,
};

/**
 * Embedded PGlite runs every query synchronously on the server's own thread, and hands its single
 * connection from one waiting transaction to the next in microtasks: under a storm of callbacks the
 * event loop would not read any other request (a health check, a page) until the whole queue
 * drained. Each delivery on PGlite therefore lets the event loop turn once when it gets the connection.
 */
function yieldsToEventLoop(db: Database): boolean {
  const client = (db as unknown as { $client?: object }).$client;
  return typeof client === "object" && client !== null && "waitReady" in client;
}

export async function applyCallbackDelivery(db: Database, binding: DeliveryBinding, delivery: IncomingDelivery): Promise<AppliedDelivery> {
  const { snapshot } = delivery;
  const yieldFirst = yieldsToEventLoop(db);
  return db.transaction(async (tx) => {
    if (yieldFirst) await new Promise<void>((resolve) => setImmediate(resolve));
    // FOR UPDATE: concurrent deliveries for one transaction (and its creation answer) are applied
    // one after the other. The same statement looks for another row already holding the body's
    // wallet id, so a URL cannot hand one transaction's id to another.
    const [row] = await tx
      .select({
        ...rowColumns,
        // Spelled out: inside a select list Drizzle renders ${transactions.id} unqualified, which
        // would resolve to the inner alias here.
        walletIdOwner: sql<
          string | null
        >`(select other.id from transactions other where other.wallet_transaction_id = ${snapshot.id} and other.id <> "transactions"."id")`,
      })
      .from(transactions)
      .where(
        binding.kind === "transaction" ? eq(transactions.id, binding.transactionId) : eq(transactions.walletTransactionId, snapshot.id),
      )
      .for("update", { of: transactions });

    let outcome: DeliveryOutcome;
    let problems: string[] = [];
    if (!row) {
      outcome = "unmatched";
    } else {
      problems = bindingMismatches(row, snapshot);
      if (row.walletIdOwner) problems.push(`id: ${snapshot.id} already belongs to another transaction (${row.walletIdOwner})`);
      if (binding.kind === "legacy") {
        if (row.callbackBinding === "per_transaction")
          problems.push("url: this transaction has its own callback URL; the global URL is not accepted for it");
        else if (Date.now() - row.createdAt.getTime() > legacyCallbackUrlDays * 86_400_000)
          problems.push(`url: the global URL is accepted for ${legacyCallbackUrlDays} days after a transaction's creation only`);
      }
      if (problems.length) outcome = "rejected";
      else if (row.creationState === "creating" || row.creationState === "outcome_unknown") outcome = "settled";
      else outcome = decideOutcome(row.status, snapshot.status);
    }

    const now = new Date();
    if (row && outcome === "settled") {
      const walletCreatedAt = new Date(snapshot.createdAt);
      const cashIn = row.kind === "CASH_IN";
      const settledRows = await tx
        .update(transactions)
        .set({
          creationState: "created",
          walletTransactionId: snapshot.id,
          status: snapshot.status,
          tax: String(snapshot.tax),
          walletDescription: snapshot.description ?? null,
          statusDescription: snapshot.status === "PENDING" ? null : (snapshot.description ?? null),
          walletCreatedAt,
          statusChangedAt: now,
          updatedAt: now,
          failureMessage: null,
          ...(cashIn
            ? {
                codeCopyPaste: snapshot.codeCopyPaste ?? null,
                qrcodeImage: snapshot.qrcodeImage ?? null,
                payerDisplayToken: randomBytes(24).toString("base64url"),
                expiresAt: row.expireInMinutes ? new Date(walletCreatedAt.getTime() + row.expireInMinutes * 60_000) : null,
              }
            : {}),
        })
        // The creation answer may be committing at this very moment: settle only what is still unsettled.
        .where(and(eq(transactions.id, row.id), ne(transactions.creationState, "created")))
        // Live screens (counter display, result and payer pages) re-read the row on commit: the
        // NOTIFY rides in this statement (it goes out only if the transaction commits).
        .returning({ notified: transactionChangeNotification(row.id) });
      // Settled by the creation answer meanwhile: the screens are still told (as before this fold).
      if (settledRows.length === 0) await publishTransactionChange(tx, row.id);
      await recordAuditEvent(tx, {
        actor: null,
        action: "transaction.settled_by_callback",
        outcome: "success",
        target: { type: "transaction", id: row.id },
        details: {
          walletTransactionId: snapshot.id,
          status: snapshot.status,
          previousCreationState: row.creationState,
          callbackLogId: delivery.callbackLogId,
        },
      });
    }
    // The common case (a status moving forward) writes the row, the inbox and the live NOTIFY in one
    // statement: the update rides along as a data-modifying CTE (run whether or not it is referenced),
    // so the receiver holds the connection for four round trips: BEGIN, the locked read, this, COMMIT.
    const statusUpdate =
      row && outcome === "applied"
        ? tx.$with("status_update", {}).as(
            tx
              .update(transactions)
              // The description that comes with a final status says why (a failed cash-out's reason).
              .set({ status: snapshot.status, statusDescription: snapshot.description ?? null, statusChangedAt: now, updatedAt: now })
              .where(eq(transactions.id, row.id))
              // The live screens' NOTIFY rides along too (sent on commit).
              .returning({ notified: transactionChangeNotification(row.id) })
              .getSQL(),
          )
        : undefined;
    await (statusUpdate ? tx.with(statusUpdate) : tx).insert(callbackDeliveries).values({
      walletTransactionId: snapshot.id,
      transactionId: row?.id ?? null,
      callbackLogId: delivery.callbackLogId,
      status: snapshot.status,
      operation: snapshot.operation,
      outcome,
      rejectionReason: problems.length ? problems.join("; ") : null,
      ...storableDeliveryBody(delivery.body),
      headers: delivery.headers,
    });
    return { outcome, transactionId: row?.id ?? null, mismatchedFields: [...new Set(problems.map((problem) => problem.split(":")[0]!))] };
  });
}

/** Keeps a body that was not a transaction, for inspection only; the list keeps the newest few hundred. */
export async function quarantineDelivery(
  db: Database,
  entry: { reason: string; contentType: string | null; rawBody: string; headers: Record<string, string> },
): Promise<void> {
  await db.insert(callbackQuarantine).values({ ...entry, rawBody: entry.rawBody.slice(0, 16_384) });
  await db.execute(
    sql`delete from ${callbackQuarantine} where ${callbackQuarantine.id} in (select ${callbackQuarantine.id} from ${callbackQuarantine} order by ${callbackQuarantine.receivedAt} desc offset ${maxQuarantinedBodies})`,
  );
}
