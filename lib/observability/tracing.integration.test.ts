// Traces end to end, with an in-process OTLP/HTTP receiver standing in for a collector: tracing
// started as the server starts it (lib/observability/tracing.ts), a cash-in created through its
// server action against the sandbox wallet over HTTP, then flushed. The receiver gets one trace in
// which the wallet call is a client span under the action's span; the wallet received that trace's
// `traceparent`; the database statements are spans of that trace; no span attribute carries the
// payer's personal data. Without an endpoint nothing is
// exported and no header is sent.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { startTracing, stopTracing, traceHeaders } from "@/lib/observability/tracing";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState, testConfig } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";

vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let collector: http.Server;
let collectorUrl: string;
const exported: ExportedSpan[] = [];
const contentTypes: string[] = [];
const traceparentsSent: string[] = [];

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      contentTypes.push(request.headers["content-type"] ?? "");
      if (request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) exported.push(...scope.spans);
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  const cookie = (await createOperatorSession(auth, { email: "finance@example.com", role: "finance" })).get("cookie")!;
  requestState.headers = new Headers({ cookie, origin: testConfig().appUrl });
  sandbox = await startSandboxWallet();
  const recordingFetch: typeof fetch = (input, init) => {
    const traceparent = new Headers(init?.headers).get("traceparent");
    if (traceparent) traceparentsSent.push(traceparent);
    return fetch(input, init);
  };
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken, { fetch: recordingFetch }));
});

afterAll(async () => {
  await stopTracing();
  requestState.headers = new Headers();
  await sandbox?.close();
  await database?.dispose();
  await new Promise((resolve) => collector.close(resolve));
});

const cashIn = () => ({
  idempotencyKey: randomUUID(),
  amount: "12,34",
  payerName: "Ana Pagadora",
  payerEmail: "ana@example.com",
  payerDocument: "529.982.247-25",
  expiry: "30",
  metadata: [],
});

describe("traces", () => {
  it("exports nothing and sends no traceparent without an endpoint", async () => {
    expect(await startTracing({ endpoint: undefined, serviceName: "wallet-dashboard" })).toBe(false);
    const result = await createCashInAction(cashIn() as never);
    expect(result.ok).toBe(true);
    expect(traceHeaders()).toEqual({});
    expect(traceparentsSent).toEqual([]);
  });

  it("exports a cash-in's trace: the action's span, the wallet call under it, the traceparent sent to the wallet", async () => {
    expect(await startTracing({ endpoint: collectorUrl, serviceName: "wallet-dashboard-test" })).toBe(true);
    const result = await createCashInAction(cashIn() as never);
    expect(result.ok).toBe(true);
    await stopTracing();
    expect(contentTypes.every((type) => type.startsWith("application/json"))).toBe(true);

    const action = exported.find((span) => span.name === "action cash_in.create");
    expect(action, `spans: ${exported.map((span) => span.name).join(", ")}`).toBeDefined();
    const walletCall = exported.find((span) => span.name.startsWith("wallet ") && span.traceId === action!.traceId);
    expect(walletCall).toBeDefined();
    // The wallet call is a client span (kind 3) whose parent is the action's span.
    expect(walletCall!.kind).toBe(3);
    expect(walletCall!.parentSpanId).toBe(action!.spanId);
    // Each database statement is a client span of its own in the same trace, named by operation and
    // table: the charge's row is written under the action's span.
    const statements = exported.filter(
      (span) => span.traceId === action!.traceId && span.attributes.some((a) => a.key === "db.system.name"),
    );
    expect(statements.map((span) => span.name)).toContain("INSERT transactions");
    const insert = statements.find((span) => span.name === "INSERT transactions")!;
    expect(insert.kind).toBe(3);
    expect(insert.parentSpanId).toBe(action!.spanId);
    // The wallet received this very trace and span as its parent.
    expect(traceparentsSent).toContainEqual(`00-${walletCall!.traceId}-${walletCall!.spanId}-01`);
    // Ids and codes only: nothing of the payer in any attribute.
    const attributes = JSON.stringify(exported.map((span) => span.attributes));
    for (const personal of ["Ana Pagadora", "ana@example.com", "52998224725", "529.982.247-25", testToken])
      expect(attributes).not.toContain(personal);
  });
});
