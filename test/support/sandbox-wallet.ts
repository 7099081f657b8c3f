// Test harness for the sandbox wallet: a database with its migrations (in-memory or on-disk PGlite,
// or a fresh PostgreSQL database when TEST_DB_KIND=postgres), the wallet served over real HTTP on
// 127.0.0.1, and a callback receiver HTTP server whose answers a test can script.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { afterAll, beforeAll } from "vitest";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { serveFetchHandler } from "@/test/support/serve-fetch-handler";
import os from "node:os";
import path from "node:path";
import { pgliteDump, pgliteTemplate, postgresTemplate } from "@/test/support/database-templates";
import { takePooledPglite } from "@/test/support/pglite-pool";
import { createScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { openDatabase, type DatabaseConnection } from "@/lib/db/client";
import { createSandboxWallet, sandboxWalletMigrations, type CreateSandboxWalletOptions, type SandboxWallet } from "@/lib/sandbox-wallet";

export const sandboxMigrationsFolder = path.resolve(import.meta.dirname, "../..", sandboxWalletMigrations.directory);
export const testToken = "sbx_test_token_0123456789abcdef";
export const isPostgres = process.env.TEST_DB_KIND === "postgres";

export type SandboxTestDatabase = {
  kind: "pglite" | "postgres";
  /** Opens a new connection to the same data, migrated. PGlite allows one open connection at a time. */
  connect(): Promise<DatabaseConnection>;
  /** Removes the data (closes nothing: close your connections first). */
  dispose(): Promise<void>;
};

/**
 * A database for one test file. With `onDisk`, PGlite keeps its data in a temporary folder, so it survives a reconnect.
 * It starts as a copy of the run's migrated template when there is one (test/support/database-templates.ts).
 */
export async function createSandboxTestDatabase(options: { onDisk?: boolean } = {}): Promise<SandboxTestDatabase> {
  if (isPostgres) {
    const scratch = await createScratchPostgresDatabase("sandbox_test", { template: postgresTemplate("sandbox") });
    return {
      kind: "postgres",
      // Migrating again is what a restarted server does; on the template's copy it applies nothing.
      connect: () => migrated(openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 })),
      dispose: scratch.drop,
    };
  }
  const template = pgliteTemplate("sandbox");
  if (!options.onDisk) {
    return {
      kind: "pglite",
      // Each connection to memory:// is a new database: restored from the template's dump, or migrated from empty.
      connect: async () => {
        if (!template) return migrated(openDatabase({ kind: "pglite", dataDir: "memory://" }));
        // One restored earlier and reset, when a previous file released one (test/support/pglite-pool.ts).
        return openDatabase(
          { kind: "pglite", dataDir: "memory://" },
          { pgliteOpen: await takePooledPglite(template.dump, () => pgliteDump(template)) },
        );
      },
      dispose: async () => {},
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sandbox-wallet-test-"));
  // Copying the template's folder is faster than restoring its dump to disk.
  if (template) await cp(template.dataDir, dataDir, { recursive: true });
  return {
    kind: "pglite",
    connect: () => migrated(openDatabase({ kind: "pglite", dataDir })),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function migrated(opening: Promise<DatabaseConnection>): Promise<DatabaseConnection> {
  const connection = await opening;
  await connection.migrate(sandboxMigrationsFolder, sandboxWalletMigrations.table);
  return connection;
}

/** Settings for tests: callbacks retried after milliseconds, cash-outs pending until a test settles them. */
export const testSettings = {
  callbackTimeoutMs: 2_000,
  callbackRetryScheduleMs: [50, 100],
  workerPollIntervalMs: 20,
  cashOutSettlementDelayMs: 3_600_000,
} satisfies CreateSandboxWalletOptions["settings"];

export type ServedSandboxWallet = {
  wallet: SandboxWallet;
  /** The wallet's base URL, as the dashboard sees it: http://127.0.0.1:<port>/sandbox */
  baseUrl: string;
  /** Calls the wallet with the test token (or `token`), a JSON body when given. */
  call(
    method: string,
    pathFromBase: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
};

/** Creates a wallet on `db`, serves it over HTTP under /sandbox, and (unless told not to) starts its worker. */
export async function serveSandboxWallet(
  options: Omit<CreateSandboxWalletOptions, "token" | "mountPath"> & { startWorker?: boolean },
): Promise<ServedSandboxWallet> {
  // Test receivers listen on 127.0.0.1: private addresses are allowed unless a test passes its own policy.
  const wallet = createSandboxWallet({
    outboundPolicy: { allowPrivateAddresses: true },
    ...options,
    settings: { ...testSettings, ...options.settings },
    token: testToken,
    mountPath: "/sandbox",
  });
  const served = await serveFetchHandler((request) => wallet.handleRequest(request));
  const baseUrl = `${served.origin}/sandbox`;
  const stopWorker = options.startWorker === false ? async () => {} : wallet.startDeliveryWorker();
  return {
    wallet,
    baseUrl,
    async call(method, pathFromBase, callOptions = {}) {
      const headers: Record<string, string> = { accept: "application/json", ...callOptions.headers };
      const token = callOptions.token === undefined ? testToken : callOptions.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (callOptions.body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
      const response = await fetch(`${baseUrl}${pathFromBase}`, {
        method,
        headers,
        body:
          callOptions.body === undefined
            ? undefined
            : typeof callOptions.body === "string"
              ? callOptions.body
              : JSON.stringify(callOptions.body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
    stopWorker,
    async close() {
      await stopWorker();
      await served.close();
    },
  };
}

/** A sandbox wallet served over HTTP on a scratch database of its own: what action tests call. */
export type RunningSandboxWallet = ServedSandboxWallet & { connection: DatabaseConnection };

/** `serveSandboxWallet` on a fresh database; `close()` stops it, closes its connection and drops the data. */
export async function startSandboxWallet(
  options: Omit<Parameters<typeof serveSandboxWallet>[0], "db"> = {},
): Promise<RunningSandboxWallet> {
  const database = await createSandboxTestDatabase();
  const connection = await database.connect();
  const served = await serveSandboxWallet({ ...options, db: connection.db });
  return {
    ...served,
    connection,
    async close() {
      await served.close();
      await connection.close();
      await database.dispose();
    },
  };
}

/** What a sandbox wallet test file works with: see `sandboxWalletPerFile`. */
export type SandboxWalletFixture = {
  /** The file's scratch database (a test may open another connection to it). */
  database: SandboxTestDatabase;
  connection: DatabaseConnection;
  /** A callback receiver, started before the wallet. */
  receiver: CallbackReceiver;
  /** The wallet served over HTTP on `connection`. */
  served: ServedSandboxWallet;
};

/** The wallet's options; `db` defaults to the fixture's connection (a test may wrap it). */
type ServeOptions = Omit<Parameters<typeof serveSandboxWallet>[0], "db"> & Partial<Pick<Parameters<typeof serveSandboxWallet>[0], "db">>;

/**
 * One sandbox wallet for a test file, started before all its tests and stopped after them: a scratch
 * database, a connection, a callback receiver and the wallet served on them. `serve` gives the
 * wallet's options; it may script the receiver first and start more (another receiver, a second
 * instance) with `stopAfterAll`, which stops them with the rest, in reverse order of starting.
 * The returned object is filled in before the first test.
 */
export function sandboxWalletPerFile(
  serve: (setup: {
    connection: DatabaseConnection;
    receiver: CallbackReceiver;
    stopAfterAll: <T extends { close(): Promise<void> }>(started: T) => T;
  }) => ServeOptions | Promise<ServeOptions> = () => ({}),
): SandboxWalletFixture {
  const fixture = {} as SandboxWalletFixture;
  const stops: Array<() => Promise<void>> = [];
  const stopAfterAll = <T extends { close(): Promise<void> }>(started: T): T => {
    stops.push(() => started.close());
    return started;
  };
  beforeAll(async () => {
    fixture.database = await createSandboxTestDatabase();
    fixture.connection = stopAfterAll(await fixture.database.connect());
    fixture.receiver = stopAfterAll(await startCallbackReceiver());
    const options = await serve({ connection: fixture.connection, receiver: fixture.receiver, stopAfterAll });
    fixture.served = stopAfterAll(await serveSandboxWallet({ ...options, db: options.db ?? fixture.connection.db }));
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await fixture.database?.dispose();
  });
  return fixture;
}

export type ReceivedCallback = { path: string; headers: IncomingHttpHeaders; body: any; logId: string; attempt: number };
/** How the receiver answers one callback; `hang` never answers (until the receiver closes). */
export type ReceiverAnswer = { status: number; body?: string; contentType?: string } | { hang: true };

export type CallbackReceiver = {
  /** A URL on the receiver; the path lets a test tell its callbacks apart. */
  url(pathname?: string): string;
  received: ReceivedCallback[];
  /** Decides each answer (default: 200 with {"received":true}). */
  answer(decide: (callback: ReceivedCallback) => ReceiverAnswer): void;
  close(): Promise<void>;
};

/** A real HTTP server that records every callback POSTed to it. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  let decide: (callback: ReceivedCallback) => ReceiverAnswer = () => ({
    status: 200,
    body: JSON.stringify({ received: true }),
    contentType: "application/json",
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const callback: ReceivedCallback = {
        path: req.url ?? "/",
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
        logId: String(req.headers["x-callback-log-id"] ?? ""),
        attempt: Number(req.headers["x-callback-attempt"] ?? 0),
      };
      received.push(callback);
      const answer = decide(callback);
      if ("hang" in answer) return;
      res.writeHead(answer.status, { "content-type": answer.contentType ?? "text/plain" });
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (pathname = "/callbacks") => `${origin}${pathname}`,
    received,
    answer(next) {
      decide = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until `check` returns a value other than undefined/false; fails with `description` after `timeoutMs`. */
export async function eventually<T>(
  description: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** A valid cash-in request body; override any field. */
export function cashInBody(receiverUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    value: 1_050,
    callbackUrl: receiverUrl,
    invoiceDescription: "Order 42",
    metadata: { orderId: "42", items: 3, gift: false },
    payer: { name: "Maria Silva", email: "maria@example.com", document: "123.456.789-09", phone: "+5511987654321" },
    externalReference: "order-42",
    expireInMinutes: 15,
    ...overrides,
  };
}

/** A valid cash-out request body; override any field. */
export function cashOutBody(receiverUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    value: 2_500,
    callbackUrl: receiverUrl,
    pixDestinyType: "EMAIL",
    pixDestinyKey: "joao@example.com",
    metadata: { payout: "p-7" },
    externalReference: "payout-7",
    ...overrides,
  };
}
