// Applies one callback delivery to the ledger and stores it whatever happens (the inbox): in one
// statement when its body agrees with the created transaction its URL names (the common case),
// otherwise in one short database transaction that locks the row the delivery may touch. A status
// only ever moves forward — PENDING to a final state, never back, never from one final state to
// another — and a body that disagrees with its row is kept as rejected, never applied.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import { bindingMismatches, normaliseDocument } from "@/lib/callbacks/binding-checks";
import { createBatchQueue } from "@/lib/callbacks/delivery-batches";
import type { DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";
import { type Database, driverOf } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, transactions } from "@/lib/db/schema";
import { liveChannel, publishTransactionChange, transactionChangeNotification, transactionChangePayload } from "@/lib/live/live-events";
import { finalWalletStatuses, type WalletStatus } from "@/lib/vocabulary/transaction-statuses";
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
  storeId: transactions.storeId,
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

/** What a delivery does to the row as read under its lock. */
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
 * The common case in one statement, with no explicit transaction (each round trip to the database
 * is CPU the receiver's single thread spends; BEGIN and COMMIT were half of them once): a delivery
 * whose body agrees with the created transaction its URL names is judged, stored and — for a
 * status moving forward — applied, with the live screens' NOTIFY sent on commit.
 *
 * The statement only takes what `decide` would accept without a problem: the row is created, its
 * wallet id, amount and kind are the body's (the wallet id is unique, so no other row holds it),
 * and a cash-in's payer document matches. Anything else (a rejected body, a transaction still being
 * settled, no row) stores nothing here and goes to the locked path, which judges it in full. Its
 * CASE is `decideOutcome` in SQL (a test checks every pair of statuses against it). The status
 * update is a compare-and-set: if another delivery changed the row after this statement's snapshot,
 * PostgreSQL re-checks the row as committed, nothing is updated or stored, and the locked path
 * decides again.
 *
 * The row is found by its id alone (`by_id`, materialized) and the body checked against it after:
 * given the body's columns in the same WHERE, PostgreSQL chose among their indexes by its estimates
 * (the wallet id's, or, over a seeded ledger and even after ANALYZE, the amount's), and with the
 * amount's it read every row of that amount — thousands for a common amount — on each delivery.
 *
 * The delivery is stored with the row's store, read in the same lookup (the trigger of migration
 * 0044 fills it only for an insert that leaves it out: it used to look the row up again per delivery).
 *
 * One fixed text run on the driver itself: PostgreSQL parses and plans it once per connection (a
 * named statement) and Drizzle builds nothing per delivery — this is the busiest statement in the
 * app. $1–$8 are the delivery's columns, $9 the row's id, $10 the amount, $11 the normalised payer
 * document, $12 the status' description, $13 now, $14 the NOTIFY's payload.
 */
const finalStatusList = finalWalletStatuses.map((status) => `'${status}'`).join(", ");
/** Exported for its query-plan test. */
export const matchingDeliveryStatement = {
  name: "callback_store_matching",
  text: `with by_id as materialized (
    select id, status, creation_state, wallet_transaction_id, amount_cents, kind, payer_document, store_id from transactions where id = $9::uuid
  ), bound as (
    select id, status, store_id, case
        when status = $3 then 'duplicate'
        when status in (${finalStatusList}) then 'out_of_order'
        when $3 = 'PENDING' and status is not null then 'duplicate'
        else 'applied'
      end as outcome
    from by_id
    where creation_state = 'created' and wallet_transaction_id = $1 and amount_cents = $10::bigint and kind = $4
      and (kind <> 'CASH_IN' or payer_document is null or upper(regexp_replace(payer_document, '[^0-9A-Za-z]', '', 'g')) = $11)
  ), status_update as (
    update transactions set status = $3, status_description = $12, status_changed_at = $13::timestamptz, updated_at = $13::timestamptz
    from bound
    where transactions.id = bound.id and bound.outcome = 'applied' and transactions.creation_state = 'created'
      and transactions.status is not distinct from bound.status
    returning pg_notify('${liveChannel}', $14)
  )
  insert into callback_deliveries (wallet_transaction_id, transaction_id, callback_log_id, status, operation, outcome, body,
    qrcode_image_sha256, qrcode_image_bytes, headers, store_id)
  select $1, bound.id, $2, $3, $4, bound.outcome, $5::jsonb, $6, $7::integer, $8::jsonb, bound.store_id from bound
  where bound.outcome <> 'applied' or exists (select 1 from status_update)
  returning outcome`,
};

/**
 * The same statement for many deliveries at once (PostgreSQL): $1 is a JSON array of deliveries
 * (the single statement's $1–$14 as named fields). Each delivery is
 * judged exactly as the single statement judges it; the batch queue never puts two deliveries of
 * one transaction in it. Both reads of `transactions` go through its primary key whatever the
 * planner estimates (a generic plan cannot know how many deliveries the JSON holds): the row
 * lookup is a lateral subquery per delivery (OFFSET 0 keeps it one), and the update goes to the
 * row version that lookup read (its ctid: a TID scan). A row changed by another transaction since
 * has a new version, so the update skips it, as the single statement's compare-and-set would, and
 * the locked path judges that delivery again. The answer is one row per delivery stored, with its
 * transaction's id; a delivery with no row goes to the locked path. Rows are updated in the order
 * of their ids: two instances' batches holding deliveries of the same transactions then wait for
 * one another instead of deadlocking (which PostgreSQL breaks only after a second).
 */
export const matchingDeliveriesStatement = {
  name: "callback_store_matching_batch",
  text: `with input as materialized (
    select * from jsonb_to_recordset($1::jsonb) as i(transaction_id uuid, wallet_transaction_id text, callback_log_id text,
      status text, operation text, body jsonb, qrcode_image_sha256 text, qrcode_image_bytes integer, headers jsonb,
      amount_cents bigint, payer_document text, status_description text, changed_at timestamptz, notification text)
  ), by_id as materialized (
    select row.* from input cross join lateral (
      select ctid, id, status, creation_state, wallet_transaction_id, amount_cents, kind, payer_document, store_id from transactions
      where id = input.transaction_id offset 0
    ) row
  ), bound as (
    select input.*, by_id.ctid as row_ctid, by_id.status as current_status, by_id.store_id, case
        when by_id.status = input.status then 'duplicate'
        when by_id.status in (${finalStatusList}) then 'out_of_order'
        when input.status = 'PENDING' and by_id.status is not null then 'duplicate'
        else 'applied'
      end as outcome
    from input join by_id on by_id.id = input.transaction_id
    where by_id.creation_state = 'created' and by_id.wallet_transaction_id = input.wallet_transaction_id
      and by_id.amount_cents = input.amount_cents and by_id.kind = input.operation
      and (by_id.kind <> 'CASH_IN' or by_id.payer_document is null
        or upper(regexp_replace(by_id.payer_document, '[^0-9A-Za-z]', '', 'g')) = input.payer_document)
    order by input.transaction_id
  ), status_update as (
    update transactions set status = bound.status, status_description = bound.status_description,
      status_changed_at = bound.changed_at, updated_at = bound.changed_at
    from bound
    where transactions.ctid = bound.row_ctid and transactions.id = bound.transaction_id and bound.outcome = 'applied'
      and transactions.creation_state = 'created' and transactions.status is not distinct from bound.current_status
    returning transactions.id, pg_notify('${liveChannel}', bound.notification)
  )
  insert into callback_deliveries (wallet_transaction_id, transaction_id, callback_log_id, status, operation, outcome, body,
    qrcode_image_sha256, qrcode_image_bytes, headers, store_id)
  select wallet_transaction_id, transaction_id, callback_log_id, status, operation, outcome, body, qrcode_image_sha256,
    qrcode_image_bytes, headers, store_id from bound
  where bound.outcome <> 'applied' or bound.transaction_id in (select id from status_update)
  returning transaction_id, outcome`,
};

/** A delivery's values for the one-statement path, in the single statement's order ($1–$14). */
function matchingValues(transactionId: string, delivery: IncomingDelivery): unknown[] {
  const { snapshot } = delivery;
  const stored = storableDeliveryBody(delivery.body);
  const payerDocument = snapshot.payer?.document;
  return [
    snapshot.id,
    delivery.callbackLogId,
    snapshot.status,
    snapshot.operation,
    JSON.stringify(stored.body),
    stored.qrcodeImageSha256,
    stored.qrcodeImageBytes,
    JSON.stringify(delivery.headers),
    transactionId,
    snapshot.value,
    typeof payerDocument === "string" ? normaliseDocument(payerDocument) : null,
    snapshot.description ?? null,
    new Date().toISOString(),
    transactionChangePayload(transactionId),
  ];
}

/** The batch statement's JSON element for one delivery: the same values, named. */
function batchElement(values: unknown[]): string {
  const [
    walletTransactionId,
    callbackLogId,
    status,
    operation,
    body,
    sha256,
    bytes,
    headers,
    transactionId,
    amount,
    document,
    description,
    now,
    notification,
  ] = values;
  // body and headers are JSON texts already: spliced in, not encoded twice.
  return `{"transaction_id":${JSON.stringify(transactionId)},"wallet_transaction_id":${JSON.stringify(walletTransactionId)},"callback_log_id":${JSON.stringify(callbackLogId)},"status":${JSON.stringify(status)},"operation":${JSON.stringify(operation)},"body":${body},"qrcode_image_sha256":${JSON.stringify(sha256)},"qrcode_image_bytes":${JSON.stringify(bytes)},"headers":${headers},"amount_cents":${JSON.stringify(amount)},"payer_document":${JSON.stringify(document)},"status_description":${JSON.stringify(description)},"changed_at":${JSON.stringify(now)},"notification":${JSON.stringify(notification)}}`;
}

/**
 * Deliveries on their way to the database, batched (lib/callbacks/delivery-batches.ts): alone, a
 * delivery goes at once; while batches are on their way, the next ones wait and go together.
 * One statement and one commit for a batch is what lets a storm through: measured in process
 * (docs/decisions/performance.md), 4 single statements at once stored 182–217 status changes a
 * second on a loaded machine, batches of 16 (two at a time) 1,020–1,226. PostgreSQL's pool takes
 * two batches at once; PGlite's worker has one connection, so one batch at a time, the next one
 * filling meanwhile (a page's or health check's query waits behind one statement, not a queue of them).
 */
const maxDeliveriesPerBatch = 64;
type BatchItem = { transactionId: string; values: unknown[] };
type BatchRow = { transaction_id: string; outcome: DeliveryOutcome };
const batchQueues = new WeakMap<object, ReturnType<typeof createBatchQueue<BatchItem, DeliveryOutcome | null>>>();

/** The connection's batch queue, made on first use; none for PGlite in the server's own thread (deliveries take turns there: never a second one to batch). */
function batchQueueOf(driver: ReturnType<typeof driverOf>) {
  if (driver.kind === "pglite" && !driver.inWorker) return undefined;
  const connection = driver.kind === "postgres" ? driver.pool : driver.client;
  let queue = batchQueues.get(connection);
  if (!queue) {
    const runStatement =
      driver.kind === "postgres"
        ? async (deliveries: string) => (await driver.pool.query<BatchRow>({ ...matchingDeliveriesStatement, values: [deliveries] })).rows
        : async (deliveries: string) => (await driver.client.query<BatchRow>(matchingDeliveriesStatement.text, [deliveries])).rows;
    queue = createBatchQueue<BatchItem, DeliveryOutcome | null>(
      async (items) => {
        const rows = await runStatement(`[${items.map((item) => batchElement(item.values)).join(",")}]`);
        const outcomes = new Map(rows.map((row) => [row.transaction_id, row.outcome]));
        return items.map((item) => outcomes.get(item.transactionId) ?? null);
      },
      // PostgreSQL's pool takes two batches at once; PGlite's worker has one connection.
      { maxInFlight: driver.kind === "postgres" ? 2 : 1, maxItems: maxDeliveriesPerBatch },
    );
    batchQueues.set(connection, queue);
  }
  return queue;
}

/** The outcome when the one-statement path stored the delivery, or null when the locked path must judge it. */
async function storeIfMatching(db: Database, transactionId: string, delivery: IncomingDelivery): Promise<DeliveryOutcome | null> {
  const id = transactionId.toLowerCase();
  const values = matchingValues(id, delivery);
  const driver = driverOf(db);
  const queue = batchQueueOf(driver);
  if (queue) return queue.submit(id, { transactionId: id, values });
  if (driver.kind !== "pglite") throw new Error("unreachable: PostgreSQL always batches");
  const result = await driver.client.query<{ outcome: DeliveryOutcome }>(matchingDeliveryStatement.text, values);
  return result.rows[0]?.outcome ?? null;
}

export function applyCallbackDelivery(db: Database, binding: DeliveryBinding, delivery: IncomingDelivery): Promise<AppliedDelivery> {
  return inOwnTurn(db, () => applyDelivery(db, binding, delivery));
}

async function applyDelivery(db: Database, binding: DeliveryBinding, delivery: IncomingDelivery): Promise<AppliedDelivery> {
  const { snapshot } = delivery;
  if (binding.kind === "transaction") {
    const outcome = await storeIfMatching(db, binding.transactionId, delivery);
    if (outcome) return { outcome, transactionId: binding.transactionId, mismatchedFields: [] };
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
      // The store of the row read under the lock (the trigger of migration 0044 fills it only when left out).
      storeId: row?.storeId ?? null,
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
