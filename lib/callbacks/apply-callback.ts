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
import { type Database, driverOf } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, transactions } from "@/lib/db/schema";
import { liveChannel, publishTransactionChange, transactionChangeNotification, transactionChangePayload } from "@/lib/live/live-events";
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
 * connection from one waiting query to the next in microtasks: under a storm of callbacks the
 * event loop would not read any other request (a health check, a page) until the whole queue
 * drained. On PGlite deliveries therefore take turns (one connection: nothing is lost by it), and
 * the event loop turns once before each, so other requests' queries get in between. In a worker
 * thread (the served default) PGlite does not hold the server's thread, and deliveries go straight
 * to it like PostgreSQL's (RECEIVER_CONCURRENCY keeps the queue in front of other queries short).
 */
const pgliteTurns = new WeakMap<Database, Promise<unknown>>();
function inOwnTurn<T>(db: Database, run: () => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (driver.kind !== "pglite" || driver.inWorker) return run();
  const previous = pgliteTurns.get(db) ?? Promise.resolve();
  const turn = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
  pgliteTurns.set(
    db,
    turn.catch(() => {}),
  );
  return turn;
}

type Decision = { outcome: DeliveryOutcome; problems: string[] };
type LockedRow = Awaited<ReturnType<typeof boundRowQuery>>[number] | undefined;

/** The bound row as the delivery sees it, with any other row already holding the body's wallet id. */
function boundRowQuery(db: Database, binding: DeliveryBinding, walletTransactionId: string) {
  return db
    .select({
      ...rowColumns,
      // Spelled out: inside a select list Drizzle renders ${transactions.id} unqualified, which
      // would resolve to the inner alias here.
      walletIdOwner: sql<
        string | null
      >`(select other.id from transactions other where other.wallet_transaction_id = ${walletTransactionId} and other.id <> "transactions"."id")`,
    })
    .from(transactions)
    .where(
      binding.kind === "transaction"
        ? eq(transactions.id, binding.transactionId)
        : eq(transactions.walletTransactionId, walletTransactionId),
    );
}

async function readBoundRow(db: Database, transactionId: string, walletTransactionId: string) {
  let prepared = preparedBoundRow.get(db);
  if (!prepared) {
    prepared = prepareBoundRow(db);
    preparedBoundRow.set(db, prepared);
  }
  const [row] = await prepared.execute({ id: transactionId, walletId: walletTransactionId });
  return row;
}

/** What a delivery does to the row as read: the same rules whether the row was locked or not. */
function decide(row: LockedRow, binding: DeliveryBinding, snapshot: CallbackTransactionSnapshot): Decision {
  if (!row) return { outcome: "unmatched", problems: [] };
  const problems = bindingMismatches(row, snapshot);
  if (row.walletIdOwner) problems.push(`id: ${snapshot.id} already belongs to another transaction (${row.walletIdOwner})`);
  if (binding.kind === "legacy") {
    if (row.callbackBinding === "per_transaction")
      problems.push("url: this transaction has its own callback URL; the global URL is not accepted for it");
    else if (Date.now() - row.createdAt.getTime() > legacyCallbackUrlDays * 86_400_000)
      problems.push(`url: the global URL is accepted for ${legacyCallbackUrlDays} days after a transaction's creation only`);
  }
  if (problems.length) return { outcome: "rejected", problems };
  if (row.creationState === "creating" || row.creationState === "outcome_unknown") return { outcome: "settled", problems };
  return { outcome: decideOutcome(row.status, snapshot.status), problems };
}

function appliedDelivery(decision: Decision, transactionId: string | null): AppliedDelivery {
  return {
    outcome: decision.outcome,
    transactionId,
    mismatchedFields: [...new Set(decision.problems.map((problem) => problem.split(":")[0]!))],
  };
}

/** The row's status update (and the live screens' NOTIFY, sent on commit), for a delivery that moves it forward. */
function statusUpdate(db: Database, rowId: string, snapshot: CallbackTransactionSnapshot, now: Date) {
  return (
    db
      .update(transactions)
      // The description that comes with a final status says why (a failed cash-out's reason).
      .set({ status: snapshot.status, statusDescription: snapshot.description ?? null, statusChangedAt: now, updatedAt: now })
      .where(eq(transactions.id, rowId))
      .returning({ notified: transactionChangeNotification(rowId) })
  );
}

/**
 * The receiver's write, one fixed text run on the driver itself: PostgreSQL parses and plans it
 * once per connection (a named statement) and Drizzle builds nothing per delivery — this is the
 * busiest statement in the app. $1–$11 are the delivery's columns; $12 the row's id, $13 and $14
 * the creation state and status the row was judged on; an applied delivery also sets the status
 * ($15 its description, $16 now) and sends the live screens' NOTIFY ($17) on commit.
 */
const deliveryColumns = `wallet_transaction_id, transaction_id, callback_log_id, status, operation, outcome, rejection_reason, body,
  qrcode_image_sha256, qrcode_image_bytes, headers`;
const deliveryValues = `$1, $2::uuid, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::integer, $11::jsonb`;
const rowUnchanged = `id = $12::uuid and creation_state = $13 and status is not distinct from $14::text`;
const storeStatements = {
  applied: {
    name: "callback_store_applied",
    text: `with status_update as (
      update transactions set status = $4, status_description = $15, status_changed_at = $16::timestamptz, updated_at = $16::timestamptz
      where ${rowUnchanged} returning pg_notify('${liveChannel}', $17))
    insert into callback_deliveries (${deliveryColumns}) select ${deliveryValues} from status_update returning 1 as stored`,
  },
  unchanged: {
    name: "callback_store_unchanged",
    text: `insert into callback_deliveries (${deliveryColumns}) select ${deliveryValues} from transactions where ${rowUnchanged} returning 1 as stored`,
  },
};

/** The unlocked read of the bound row, built once per database handle. */
const preparedBoundRow = new WeakMap<Database, ReturnType<typeof prepareBoundRow>>();
function prepareBoundRow(db: Database) {
  return boundRowQuery(
    db,
    { kind: "transaction", transactionId: sql.placeholder("id") as never },
    sql.placeholder("walletId") as never,
  ).prepare("callback_bound_row");
}

/**
 * The common case without a lock, in two statements and no explicit transaction (BEGIN and COMMIT
 * were half of the receiver's round trips): the row as read decides, then one statement stores the
 * delivery — and for a status moving forward, updates the row in a data-modifying CTE — only if
 * the row still has the status and creation state it was judged on (a compare-and-set). When
 * another delivery changed it meanwhile, nothing is written and the locked path decides again.
 */
async function storeIfRowUnchanged(
  db: Database,
  row: NonNullable<LockedRow>,
  decision: Decision,
  delivery: IncomingDelivery,
): Promise<boolean> {
  const { snapshot } = delivery;
  const stored = storableDeliveryBody(delivery.body);
  const values: unknown[] = [
    snapshot.id,
    row.id,
    delivery.callbackLogId,
    snapshot.status,
    snapshot.operation,
    decision.outcome,
    decision.problems.length ? decision.problems.join("; ") : null,
    JSON.stringify(stored.body),
    stored.qrcodeImageSha256,
    stored.qrcodeImageBytes,
    JSON.stringify(delivery.headers),
    row.id,
    row.creationState,
    row.status,
  ];
  const applied = decision.outcome === "applied";
  if (applied) values.push(snapshot.description ?? null, new Date().toISOString(), transactionChangePayload(row.id));
  const statement = applied ? storeStatements.applied : storeStatements.unchanged;
  const driver = driverOf(db);
  const result =
    driver.kind === "pglite" ? await driver.client.query(statement.text, values) : await driver.pool.query({ ...statement, values });
  return result.rows.length === 1;
}

export function applyCallbackDelivery(db: Database, binding: DeliveryBinding, delivery: IncomingDelivery): Promise<AppliedDelivery> {
  return inOwnTurn(db, () => applyDelivery(db, binding, delivery));
}

async function applyDelivery(db: Database, binding: DeliveryBinding, delivery: IncomingDelivery): Promise<AppliedDelivery> {
  const { snapshot } = delivery;
  if (binding.kind === "transaction") {
    const row = await readBoundRow(db, binding.transactionId, snapshot.id);
    const decision = decide(row, binding, snapshot);
    // Settling a transaction still being created, and a delivery for no row, take the locked path.
    if (row && decision.outcome !== "settled" && (await storeIfRowUnchanged(db, row, decision, delivery)))
      return appliedDelivery(decision, row.id);
  }
  return db.transaction(async (tx) => {
    // FOR UPDATE: concurrent deliveries for one transaction (and its creation answer) are applied
    // one after the other. The same statement looks for another row already holding the body's
    // wallet id, so a URL cannot hand one transaction's id to another.
    const [row] = await boundRowQuery(tx, binding, snapshot.id).for("update", { of: transactions });
    const decision = decide(row, binding, snapshot);
    const { outcome } = decision;

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
    // A status moving forward writes the row, the inbox and the live NOTIFY in one statement: the
    // update rides along as a data-modifying CTE (run whether or not it is referenced).
    const update =
      row && outcome === "applied" ? tx.$with("status_update", {}).as(statusUpdate(tx, row.id, snapshot, now).getSQL()) : undefined;
    await (update ? tx.with(update) : tx).insert(callbackDeliveries).values({
      walletTransactionId: snapshot.id,
      transactionId: row?.id ?? null,
      callbackLogId: delivery.callbackLogId,
      status: snapshot.status,
      operation: snapshot.operation,
      outcome,
      rejectionReason: decision.problems.length ? decision.problems.join("; ") : null,
      ...storableDeliveryBody(delivery.body),
      headers: delivery.headers,
    });
    return appliedDelivery(decision, row?.id ?? null);
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
