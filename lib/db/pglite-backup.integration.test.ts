// `npm run backup` and `npm run restore` on the embedded database, as separate processes: a backup
// taken from a serving database (worker thread, backup socket) while cash-ins are created and their
// callbacks arrive over HTTP, restored into a new directory and opened as the server opens it,
// holds the operators, audit log and ledger as they were at the snapshot, and the callback URL of a
// transaction created before the backup still verifies there (the callback secret came back too).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { type Database, type DatabaseConnection, driverOf, openDatabase } from "@/lib/db/client";
import { startBackupSocket } from "@/lib/db/pglite-backup";
import { auditEvents, callbackDeliveries, transactions, user } from "@/lib/db/schema";
import { loadOrCreateEmbeddedSecrets } from "@/lib/embedded-secrets";
import { serveFetchHandler } from "@/test/support/serve-fetch-handler";
import { dashboardMigrations } from "@/test/support/test-database";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(repo, "node_modules/.bin/tsx");
const silent = { info: () => {}, warn: () => {} };
const root = mkdtempSync(path.join(tmpdir(), "wallet-backup-"));
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

function script(name: "backup" | "restore", args: string[], dir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DATA_DIR: path.join(dir, "pglite"),
    EMBEDDED_SECRETS_FILE: path.join(dir, "secrets.json"),
  };
  delete env.DATABASE_URL;
  return run(tsx, [path.join(repo, `scripts/${name}.ts`), ...args], { cwd: repo, env });
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "(it succeeded)",
    (error: { stderr?: string }) => error.stderr ?? String(error),
  );
}

async function open(dir: string): Promise<DatabaseConnection> {
  // As the server starts: the worker thread, then the migrations (none left to apply after a restore).
  const connection = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "pglite"), worker: true });
  await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
  return connection;
}

async function receiverFor(db: Database, callbackSecret: string) {
  const config = { callbackSecret };
  const served = await serveFetchHandler((request) => {
    const segments = new URL(request.url).pathname.slice(callbackReceiverPathPrefix.length).split("/");
    const receiverPath: ReceiverPath = { transactionId: segments[0]!, token: segments[1] ?? "" };
    return receiveCallback(db, request, receiverPath, config);
  });
  cleanups.push(() => served.close());
  return served;
}

function callbackBody(walletId: string, status: "PENDING" | "SUCCEED") {
  return JSON.stringify({
    id: walletId,
    value: 1050,
    tax: 10,
    description: "PIX",
    operation: "CASHIN",
    status,
    metadata: {},
    externalReference: null,
    callbackUrl: "http://wallet.invalid",
    createdAt: new Date().toISOString(),
    payer: { name: "Ana", email: "ana@example.com", document: "529.982.247-25" },
  });
}

async function contents(db: Database) {
  return {
    operators: await db.select().from(user).orderBy(asc(user.id)),
    audit: await db.select().from(auditEvents).orderBy(asc(auditEvents.targetId)),
    ledger: await db.select().from(transactions).orderBy(asc(transactions.idempotencyKey)),
    deliveries: (await db.select({ value: count() }).from(callbackDeliveries))[0]!.value,
  };
}

describe.runIf(process.env.TEST_DB_KIND !== "postgres")("npm run backup / npm run restore (embedded database)", () => {
  it("a backup taken while cash-ins and callbacks arrive restores the snapshot, secrets included", async () => {
    const liveDir = path.join(root, "live");
    const secrets = loadOrCreateEmbeddedSecrets(path.join(liveDir, "secrets.json"));
    const live = await open(liveDir);
    cleanups.push(() => live.close());
    const driver = driverOf(live.db);
    if (driver.kind !== "pglite") throw new Error("expected the embedded database");
    const stopSocket = await startBackupSocket(driver.client, path.join(liveDir, "pglite"), silent);
    expect(stopSocket).toBeDefined();
    cleanups.push(() => stopSocket?.());
    const receiver = await receiverFor(live.db, secrets.callbackSecret);

    await live.db
      .insert(user)
      .values(["admin", "finance", "viewer"].map((role) => ({ id: `op-${role}`, name: role, email: `${role}@example.com`, role })));
    // Created before the backup and still waiting: the wallet holds its callback URL.
    const [waiting] = await live.db
      .insert(transactions)
      .values({
        kind: "CASH_IN",
        creationState: "created",
        walletTransactionId: randomUUID(),
        status: "PENDING",
        amountCents: 1050,
        idempotencyKey: "a-waiting",
      })
      .returning();
    const waitingUrlPath = new URL(transactionCallbackUrl({ appUrl: "http://x", callbackSecret: secrets.callbackSecret }, waiting!.id))
      .pathname;

    // The load, one cash-in after another: created (with its audit event, in one transaction), then paid by its callback.
    let created = 0;
    let stopLoad = false;
    const load = (async () => {
      while (!stopLoad) {
        const key = `load-${String(created).padStart(5, "0")}`;
        const walletId = randomUUID();
        const row = await live.db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(transactions)
            .values({
              kind: "CASH_IN",
              creationState: "created",
              walletTransactionId: walletId,
              status: "PENDING",
              amountCents: 1050,
              idempotencyKey: key,
            })
            .returning();
          await tx.insert(auditEvents).values({ action: "cash_in.create", outcome: "success", targetType: "transaction", targetId: key });
          return inserted!;
        });
        const path = new URL(transactionCallbackUrl({ appUrl: "http://x", callbackSecret: secrets.callbackSecret }, row.id)).pathname;
        const response = await fetch(`${receiver.origin}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: callbackBody(walletId, "SUCCEED"),
        });
        expect(response.status).toBe(200);
        created++;
        // A steady trickle, not a spin: writes keep arriving during the backup either way, and an
        // unpaced loop took a core from every other test file for the whole minute.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await expect.poll(() => created, { timeout: 30_000 }).toBeGreaterThan(3);
    const createdBeforeBackup = created;
    const backupFile = path.join(root, "backups/snapshot.tar.gz");
    const backup = await script("backup", ["--out", backupFile], liveDir);
    expect(backup.stdout).toContain("from the running server");
    const createdAfterBackup = created;
    await expect.poll(() => created, { timeout: 30_000 }).toBeGreaterThan(createdAfterBackup + 2);
    stopLoad = true;
    await load;
    const atEnd = await contents(live.db);
    expect(readFileSync(`${backupFile}.secrets.json`, "utf8")).toBe(readFileSync(path.join(liveDir, "secrets.json"), "utf8"));

    // Restored into a new directory, then opened as the server would.
    const restoredDir = path.join(root, "restored");
    const restore = await script("restore", [backupFile], restoredDir);
    expect(restore.stdout).toMatch(/restore: .* \d+ migrations, \d+ transactions, 3 operators/);
    const restored = await open(restoredDir);
    cleanups.push(() => restored.close());
    const snapshot = await contents(restored.db);

    // Operators as they were; the audit log and ledger as they were at the snapshot: a prefix of
    // the live ones (the load ran on after it), containing at least what existed before it.
    expect(snapshot.operators).toEqual(atEnd.operators);
    expect(snapshot.audit.length).toBeGreaterThanOrEqual(createdBeforeBackup);
    expect(snapshot.audit.length).toBeLessThan(atEnd.audit.length);
    expect(snapshot.audit).toEqual(atEnd.audit.slice(0, snapshot.audit.length));
    const loadRows = snapshot.ledger.filter((row) => row.idempotencyKey.startsWith("load-"));
    expect(loadRows).toHaveLength(snapshot.audit.length);
    // Every cash-in is as it is live, except the last one's callback, which may have come after the snapshot.
    const liveByKey = new Map(atEnd.ledger.map((row) => [row.idempotencyKey, row]));
    for (const row of loadRows.slice(0, -1)) expect(row).toEqual(liveByKey.get(row.idempotencyKey));
    const last = loadRows.at(-1)!;
    if (last.status === "SUCCEED") expect(last).toEqual(liveByKey.get(last.idempotencyKey));
    else expect(last).toMatchObject({ status: "PENDING", id: liveByKey.get(last.idempotencyKey)!.id });
    // Each paid cash-in's delivery is there with it, and nothing else.
    expect(snapshot.deliveries).toBe(loadRows.filter((row) => row.status === "SUCCEED").length);
    expect(snapshot.ledger.find((row) => row.idempotencyKey === "a-waiting")).toEqual(
      atEnd.ledger.find((row) => row.idempotencyKey === "a-waiting"),
    );

    // The waiting transaction's callback URL verifies with the restored secret, and pays it.
    const restoredSecrets = loadOrCreateEmbeddedSecrets(path.join(restoredDir, "secrets.json"));
    expect(restoredSecrets).toEqual(secrets);
    const post = (origin: string) =>
      fetch(`${origin}${waitingUrlPath}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: callbackBody(waiting!.walletTransactionId!, "SUCCEED"),
      });
    // With another secret (a restore without the secrets file), the same URL is unknown.
    expect((await post((await receiverFor(restored.db, "n".repeat(64))).origin)).status).toBe(404);
    const accepted = await post((await receiverFor(restored.db, restoredSecrets.callbackSecret)).origin);
    expect(await accepted.json()).toMatchObject({ received: true, outcome: "applied" });
    expect((await restored.db.select().from(transactions).where(eq(transactions.id, waiting!.id)))[0]!.status).toBe("SUCCEED");

    // A non-empty directory is refused without --force; with it, still refused while a server has it open.
    expect(await failureOf(script("restore", [backupFile], restoredDir))).toContain("is not empty");
    expect(await failureOf(script("restore", [backupFile, "--force"], restoredDir))).toContain("already in use by process");
    // Two embedded databases created on disk and four script processes: on a busy 2-core machine
    // the first open alone took 33 s.
  }, 180_000);
});
