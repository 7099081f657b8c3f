// The wallet API client (spec 4.1–4.4, and the sandbox's test controls): the only code that holds the
// wallet token. Every call has a timeout, reads the envelope with zod and fails with a WalletError;
// raw upstream text goes to the log only.
import { translateMessage } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";
import "server-only";
import { randomUUID } from "node:crypto";
import * as z from "@/lib/schemas/zod";
import { getConfig } from "@/lib/config";
import { logger as appLogger } from "@/lib/logger";
import { observeWalletCall } from "@/lib/observability/metrics";
import { inSpan, traceHeaders } from "@/lib/observability/tracing";
import { currentRequestId } from "@/lib/observability/request-id";
import { isWalletError, WalletError, type WalletErrorKind, type WalletOperation } from "@/lib/wallet/errors";
import { interpretResponse } from "@/lib/wallet/interpret-response";
import { walletErrorFromNetworkFailure } from "@/lib/wallet/network-failure";
import { walletStatuses } from "@/lib/vocabulary/transaction-statuses";
import { redactSecrets, truncate } from "@/lib/wallet/redact";
import { assertValidAmount, type CashInRequest, type CashOutRequest, type ResendCallbackRequest } from "@/lib/wallet/requests";
import {
  callbackLogSchema,
  cashInTransactionSchema,
  cashOutTransactionSchema,
  type CallbackLog,
  type CashInTransaction,
  type CashOutTransaction,
} from "@/lib/wallet/schemas";

/** The sandbox's view of a transaction now (control read): only what the dashboard uses. */
const sandboxTransactionSchema = z.object({
  id: z.string(),
  status: z.enum(walletStatuses),
  description: z.nullish(z.string()),
});
export type SandboxTransaction = z.infer<typeof sandboxTransactionSchema>;

const sandboxCallbackLogsSchema = z.array(
  z.object({ id: z.string(), url: z.string(), status: z.string(), responseStatus: z.number(), createdAt: z.string() }),
);
/** The URL may be the dashboard's own receiver URL (it holds a secret): compare it, never show it. */
export type SandboxCallbackLog = z.infer<typeof sandboxCallbackLogsSchema>[number];

export type SandboxStatusChange = "expireCashIn" | "settleCashOut" | "failCashOut";
const statusChangePaths: Record<SandboxStatusChange, (id: string) => string> = {
  expireCashIn: (id) => `/control/cash-ins/${id}/expire`,
  settleCashOut: (id) => `/control/cash-outs/${id}/settle`,
  failCashOut: (id) => `/control/cash-outs/${id}/fail`,
};

type WalletLogger = { warn(details: object, message: string): void; debug(details: object, message: string): void };

export type WalletClientOptions = {
  /** The wallet's address without /api/v1, e.g. https://wallet.example.com or http://localhost:3000/sandbox. */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  logger?: WalletLogger;
};

export type WalletReachability =
  | { ok: true; latencyMs: number }
  | { ok: false; reachable: boolean; kind: WalletErrorKind; error: string; latencyMs: number };

export type WalletClient = {
  createCashIn(body: CashInRequest): Promise<CashInTransaction>;
  createCashOut(body: CashOutRequest): Promise<CashOutTransaction>;
  getCallbackLog(id: string): Promise<CallbackLog>;
  /** Sandbox only (spec 4.4): callers must check `config.wallet.isSandbox` first. */
  resendCallback(body: ResendCallbackRequest): Promise<void>;
  /** A cheap authenticated read proving the wallet answers and accepts the token (see below). */
  checkReachable(): Promise<WalletReachability>;
  /** The sandbox wallet's test controls beyond the spec (under {base}/control): callers must check `config.wallet.isSandbox` first. */
  sandbox: {
    /** Pays a pending cash-in now, as if the payer had scanned its QR code; the wallet then sends its callback. */
    payCashIn(walletTransactionId: string): Promise<void>;
    /** Expires a pending cash-in, or settles / fails a pending cash-out, now; the wallet then sends its callback. */
    changeStatus(change: SandboxStatusChange, walletTransactionId: string): Promise<SandboxTransaction>;
    /** The transaction as the sandbox holds it now (its status may be ahead of the callbacks received). */
    readTransaction(walletTransactionId: string): Promise<SandboxTransaction>;
    /** The transaction's callback logs, newest first. */
    listCallbackLogs(walletTransactionId: string): Promise<SandboxCallbackLog[]>;
  };
};

type CallSpec<T> = {
  operation: WalletOperation;
  method: "GET" | "POST";
  path: string;
  body?: object;
  dataSchema: z.ZodMiniType<T> | null;
  /** Values besides the token that must never be logged, such as the callback URL. */
  secrets?: (string | undefined)[];
  timeoutMs?: number;
  /** Error kinds that are an expected answer for this call, logged at debug instead of warn. */
  expectedKinds?: WalletErrorKind[];
};

/** A callback URL's secret may come back alone (a path segment or query value), not only as the full URL. */
function secretsOfUrl(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    const parts = [...parsed.pathname.split("/"), ...parsed.searchParams.values()].filter((part) => part.length >= 16);
    return [url, ...parts];
  } catch {
    return [url];
  }
}

export function createWalletClient(options: WalletClientOptions): WalletClient {
  // fetch would put an invalid header value (and so the token) into its own error message.
  if (!/^[\x21-\x7e]+$/.test(options.token))
    throw new Error("WALLET_API_TOKEN contains characters that cannot be sent in an HTTP header (spaces, line breaks or non-ASCII).");
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const host = new URL(baseUrl).host; // never the whole URL: it could hold user:password@
  const fetchImplementation = options.fetch ?? fetch;
  const log = options.logger ?? appLogger;

  // Each call in a client span of its own (lib/observability/tracing.ts), its `traceparent` sent along.
  function call<T>(spec: CallSpec<T>): Promise<T> {
    return inSpan(
      `wallet ${spec.operation}`,
      { kind: "client", attributes: { "http.request.method": spec.method, "server.address": host, "wallet.operation": spec.operation } },
      async (span) => {
        try {
          return await callUntraced(spec);
        } catch (error) {
          if (isWalletError(error)) span.setAttribute("wallet.error_kind", error.kind);
          throw error;
        }
      },
    );
  }

  async function callUntraced<T>(spec: CallSpec<T>): Promise<T> {
    const timeoutMs = spec.timeoutMs ?? options.timeoutMs;
    const secrets = [options.token, ...(spec.secrets?.flatMap(secretsOfUrl) ?? [])];
    const started = performance.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let status: number | undefined;
    let bodyText: string | undefined;
    // The request this call serves, so the wallet's logs can be matched with ours (absent in background jobs).
    const requestId = currentRequestId();
    try {
      const response = await fetchImplementation(`${baseUrl}${spec.path}`, {
        method: spec.method,
        headers: {
          accept: "application/json",
          authorization: `Bearer ${options.token}`,
          ...(spec.body ? { "content-type": "application/json" } : {}),
          ...(requestId ? { "x-request-id": requestId } : {}),
          ...traceHeaders(),
        },
        ...(spec.body ? { body: JSON.stringify(spec.body) } : {}),
        signal: controller.signal,
        redirect: "manual", // a redirect means a wrong base URL; following it could re-send a POST elsewhere
        cache: "no-store",
      });
      status = response.status;
      bodyText = await response.text(); // still under the timeout: a stalled body counts too
      const result = interpretResponse({
        operation: spec.operation,
        status,
        contentType: response.headers.get("content-type"),
        bodyText,
        dataSchema: spec.dataSchema,
        secrets,
      });
      if (!result.ok) throw result.error;
      const durationMs = performance.now() - started;
      observeWalletCall(spec.operation, "ok", durationMs);
      log.debug({ wallet: { operation: spec.operation, httpStatus: status, durationMs: Math.round(durationMs) } }, "wallet call succeeded");
      return result.data;
    } catch (caught) {
      const error = isWalletError(caught)
        ? caught
        : walletErrorFromNetworkFailure(caught, { operation: spec.operation, timedOut, timeoutMs, host });
      observeWalletCall(spec.operation, error.kind, performance.now() - started);
      const details = {
        wallet: {
          operation: error.operation,
          kind: error.kind,
          httpStatus: status,
          causeCode: error.causeCode,
          outcomeUnknown: error.outcomeUnknown,
          durationMs: Math.round(performance.now() - started),
          upstreamBody: bodyText === undefined ? undefined : truncate(redactSecrets(bodyText, secrets), 500),
        },
      };
      if (spec.expectedKinds?.includes(error.kind)) log.debug(details, `wallet ${spec.operation}: ${error.kind}`);
      else log.warn(details, `wallet ${spec.operation} failed: ${error.kind}`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async createCashIn(body) {
      assertValidAmount(body.value);
      return call({
        operation: "createCashIn",
        method: "POST",
        path: "/api/v1/wallets/in",
        body,
        dataSchema: cashInTransactionSchema,
        secrets: [body.callbackUrl],
      });
    },
    async createCashOut(body) {
      assertValidAmount(body.value);
      return call({
        operation: "createCashOut",
        method: "POST",
        path: "/api/v1/wallets/out",
        body,
        dataSchema: cashOutTransactionSchema,
        secrets: [body.callbackUrl],
      });
    },
    async getCallbackLog(id) {
      // Spec 4.3 names the path /callbacklogs/{id} (its examples write callbackLogs).
      return call({
        operation: "getCallbackLog",
        method: "GET",
        path: `/api/v1/callbacklogs/${encodeURIComponent(id)}`,
        dataSchema: callbackLogSchema,
      });
    },
    async resendCallback(body) {
      await call({
        operation: "resendCallback",
        method: "POST",
        path: "/api/v1/simulations/resend/callback",
        body,
        dataSchema: null,
        secrets: [body.newCallbackUrl],
      });
    },
    async checkReachable() {
      // An authenticated read of a callback log that cannot exist: the wallet's own "not found"
      // (or refusal) envelope proves it is up, speaks the API and accepted the token, and creates nothing.
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      try {
        await call({
          operation: "getCallbackLog",
          method: "GET",
          path: `/api/v1/callbacklogs/${randomUUID()}`,
          dataSchema: callbackLogSchema,
          timeoutMs: Math.min(options.timeoutMs, 5_000),
          expectedKinds: ["not_found", "rejected"],
        });
        return { ok: true, latencyMs: latency() };
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
        if (error.kind === "not_found" || error.kind === "rejected") return { ok: true, latencyMs: latency() };
        const reachable = error.kind === "unauthorized" || error.kind === "server_error" || error.kind === "invalid_response";
        // The health endpoint is read by people running the server and by monitors: plain English.
        return {
          ok: false,
          reachable,
          kind: error.kind,
          error: translateMessage(dictionaries.en, error.userMessage),
          latencyMs: latency(),
        };
      }
    },
    sandbox: {
      async payCashIn(walletTransactionId) {
        await call({
          operation: "payCashInInSandbox",
          method: "POST",
          path: `/control/cash-ins/${encodeURIComponent(walletTransactionId)}/pay`,
          dataSchema: null,
        });
      },
      async changeStatus(change, walletTransactionId) {
        return call({
          operation: "changeStatusInSandbox",
          method: "POST",
          path: statusChangePaths[change](encodeURIComponent(walletTransactionId)),
          dataSchema: sandboxTransactionSchema,
        });
      },
      async readTransaction(walletTransactionId) {
        return call({
          operation: "readInSandbox",
          method: "GET",
          path: `/control/transactions/${encodeURIComponent(walletTransactionId)}`,
          dataSchema: sandboxTransactionSchema,
        });
      },
      async listCallbackLogs(walletTransactionId) {
        return call({
          operation: "readInSandbox",
          method: "GET",
          path: `/control/transactions/${encodeURIComponent(walletTransactionId)}/callback-logs`,
          dataSchema: sandboxCallbackLogsSchema,
        });
      },
    },
  };
}

let cached: { settings: unknown; client: WalletClient } | undefined;

/** The client for the configured wallet (WALLET_API_BASE_URL, WALLET_API_TOKEN, WALLET_API_TIMEOUT_MS). */
export function getWalletClient(): WalletClient {
  const settings = getConfig().wallet;
  if (cached?.settings !== settings) cached = { settings, client: createWalletClient(settings) };
  return cached.client;
}
