// Every setting the server reads, parsed once with zod. A missing or malformed setting stops the
// server with a message naming the variable and how to fix it (see .env.example for all of them).
import "server-only";
import * as z from "@/lib/schemas/zod";
import { loadOrCreateEmbeddedSecrets } from "@/lib/embedded-secrets";
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";
import { walletTaxUnits, type WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";

const booleanSetting = z.pipe(
  z.enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" }),
  z.transform((value) => value === "true" || value === "1" || value === "yes"),
);

const secretSetting = z
  .string()
  .check(z.minLength(32, { error: "must be at least 32 characters (generate one with: openssl rand -hex 32)" }));

const rawSettingsSchema = z.object({
  APP_URL: z._default(
    z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as http://localhost:3000" }),
    "http://localhost:3000",
  ),
  DATABASE_URL: z.optional(
    z.string().check(
      z.regex(/^postgres(ql)?:\/\/.+/, {
        error:
          "must be a PostgreSQL URL such as postgres://user:password@host:5432/database, or be left unset to use the embedded database",
      }),
    ),
  ),
  DATABASE_CONNECT_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(120_000)), 5_000),
  PGLITE_DATA_DIR: z._default(z.string().check(z.minLength(1)), "./.data/pglite"),
  PGLITE_WORKER: z._default(booleanSetting, true),
  EMBEDDED_SECRETS_FILE: z._default(z.string().check(z.minLength(1)), "./.data/secrets.json"),
  BETTER_AUTH_SECRET: z.optional(secretSetting),
  CALLBACK_SECRET: z.optional(secretSetting),
  WALLET_API_BASE_URL: z.optional(
    z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL of the wallet API, without /api/v1" }),
  ),
  WALLET_API_TOKEN: z.optional(z.string().check(z.minLength(8, { error: "must be the wallet API access token (at least 8 characters)" }))),
  WALLET_API_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.minimum(500), z.maximum(120_000)), 10_000),
  WALLET_IS_SANDBOX: z.optional(booleanSetting),
  WALLET_TAX_UNIT: z.optional(z.enum(walletTaxUnits, { error: "must be cents, reais or unknown" })),
  SANDBOX_WALLET_ENABLED: z.optional(booleanSetting),
  SANDBOX_WALLET_TOKEN: z.optional(z.string().check(z.minLength(8, { error: "must be at least 8 characters" }))),
  MERCHANT_NAME: z._default(z.string().check(z.minLength(1), z.maxLength(60)), "Loja Exemplo"),
  ACCOUNTING_ACCOUNTS: z._default(
    z.string().check(
      z.refine(
        (text) => text.split(";").length === 4 && text.split(";").every((name) => name.trim().length > 0 && name.trim().length <= 80),
        {
          error: "must be four account names separated by semicolons: wallet;revenue;payables;fees",
        },
      ),
    ),
    "1.1.1.02 Carteira PIX;3.1.1.01 Vendas recebidas por PIX;2.1.1.01 Fornecedores a pagar;4.1.2.01 Tarifas bancárias",
  ),
  RECONCILIATION_AFTER_MINUTES: z._default(
    z.coerce.number({ error: "must be a number of minutes" }).check(z.int(), z.minimum(1), z.maximum(10_080)),
    15,
  ),
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  // Read by lib/observability/request-log.ts itself (it runs before the settings are loaded); parsed here so a typo stops the server.
  ACCESS_LOG_LEVEL: z._default(z.enum(["info", "debug", "off"]), "info"),
  // OpenTelemetry's own names (lib/observability/tracing.ts): traces go out over OTLP/HTTP only when an endpoint is set.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.optional(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL of an OTLP collector, e.g. http://otel-collector:4318" }),
  ),
  OTEL_SERVICE_NAME: z._default(z.string().check(z.minLength(1), z.maxLength(100)), "wallet-dashboard"),
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES: z._default(booleanSetting, false),
  TRUST_PROXY: z._default(booleanSetting, false),
  TLS_TERMINATED_IN_FRONT: z._default(booleanSetting, false),
  ALERT_SMTP_URL: z.optional(
    z.url({
      protocol: /^smtps?$/,
      error: "must be an SMTP URL such as smtp://user:password@mail.example.com:587 (smtps:// for TLS), or be left unset to send no e-mail",
    }),
  ),
  ALERT_EMAIL_FROM: z._default(
    z.email({ error: "must be an e-mail address such as alerts@example.com" }),
    "alerts@wallet-dashboard.invalid",
  ),
  ALERT_CHECK_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(1_000), z.maximum(3_600_000)), 60_000),
  ALERT_RETRY_BASE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(3_600_000)), 30_000),
  TRUSTED_PROXY_HOPS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(5)), 0),
  STEP_UP_AFTER_SIGN_IN: z._default(booleanSetting, false),
  RECEIVER_CONCURRENCY: z.optional(
    z.coerce.number({ error: "must be a number of deliveries" }).check(z.int(), z.minimum(0), z.maximum(1_000)),
  ),
  SHUTDOWN_DRAIN_MS: z._default(
    z.coerce.number({ error: "must be a number of milliseconds" }).check(z.int(), z.minimum(0), z.maximum(60_000)),
    3_000,
  ),
  SHUTDOWN_TIMEOUT_MS: z._default(
    z.coerce.number({ error: "must be a number of milliseconds" }).check(z.int(), z.minimum(1_000), z.maximum(300_000)),
    10_000,
  ),
  EVENTS_DELIVERY_TIMEOUT_MS: z._default(
    z.coerce.number({ error: "must be a number of milliseconds" }).check(z.int(), z.minimum(500), z.maximum(60_000)),
    10_000,
  ),
  EVENTS_ENDPOINT_CONCURRENCY: z._default(
    z.coerce.number({ error: "must be a number of deliveries" }).check(z.int(), z.minimum(1), z.maximum(64)),
    4,
  ),
  EVENTS_DISABLE_AFTER_HOURS: z._default(z.coerce.number({ error: "must be a number of hours" }).check(z.minimum(1), z.maximum(720)), 120),
  EVENTS_SECRET_OVERLAP_HOURS: z._default(z.coerce.number({ error: "must be a number of hours" }).check(z.minimum(0), z.maximum(720)), 24),
  PERSONAL_DATA_FULL_EXPORT_ROLES: z._default(
    z.string().check(
      z.regex(/^(none|(admin|finance|qa|viewer)(,(admin|finance|qa|viewer))*)$/, {
        error: "must be a comma-separated list of roles (admin, finance, qa, viewer) or none",
      }),
    ),
    "admin",
  ),
  PERSONAL_DATA_RETENTION_DAYS: z._default(
    z.coerce.number({ error: "must be a number of days" }).check(z.int(), z.minimum(1), z.maximum(36_500)),
    1_825,
  ),
  PERSONAL_DATA_SWEEP_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(1_000), z.maximum(86_400_000)), 3_600_000),
  // The key that encrypts the stores' wallet tokens at rest (lib/stores/credential-cipher.ts), and the
  // previous ones still accepted for decryption until `npm run stores:rotate-credentials` has moved
  // every token onto the current key.
  STORE_CREDENTIALS_KEY: z.optional(
    z
      .string()
      .check(z.regex(/^[0-9a-fA-F]{64}$/, { error: "must be 64 hexadecimal characters (generate one with: openssl rand -hex 32)" })),
  ),
  STORE_CREDENTIALS_OLD_KEYS: z.optional(
    z.string().check(
      z.regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, {
        error: "must be a comma-separated list of keys of 64 hexadecimal characters each",
      }),
    ),
  ),
  METRICS_TOKEN: z.optional(
    z
      .string()
      .check(
        z.regex(/^[\x21-\x7e]{16,}$/, { error: "must be at least 16 printable characters without spaces (e.g. openssl rand -hex 32)" }),
      ),
  ),
});

/**
 * Deliveries worked on at once unless RECEIVER_CONCURRENCY says otherwise, as measured with `npm run
 * bench` (README, Benchmarks): on PostgreSQL 8, since the deliveries that arrive together share one
 * statement (issue #32: median ×0.70 of the bare route against ×0.52 with 4 over five runs each,
 * health checks under the storm slower: p95 239 against 125 ms; docs/decisions/performance.md); on
 * PGlite's worker 8 as well, since its deliveries are batched too: ×0.60, 0.46 and 0.65 of the bare
 * route against ×0.48, 0.48 and 0.47 with 2 (4 gave ×0.51 and 0.44: batches too small to gain), with
 * health checks under the storm slower (p95 119–137 against 56–113 ms).
 */
export const defaultReceiverConcurrency = { postgres: 8, pgliteWorker: 8 } as const;

export type AppConfig = {
  appUrl: string;
  database: { kind: "pglite"; dataDir: string; worker: boolean } | { kind: "postgres"; url: string; connectTimeoutMs: number };
  authSecret: string;
  callbackSecret: string;
  /** Hex keys for the stores' wallet tokens; no current key: no store may hold a connection of its own (the page says which setting to add). */
  storeCredentials: { currentKeyHex: string | undefined; oldKeysHex: string[] };
  /** taxUnit: the unit of the wallet's `tax` (lib/vocabulary/wallet-tax.ts); `unknown` shows fees unconverted. */
  wallet: { baseUrl: string; token: string; timeoutMs: number; isSandbox: boolean; taxUnit: WalletTaxUnit };
  sandboxWallet: { enabled: boolean; token: string };
  merchantName: string;
  /** The accounting export's account names (lib/statements/accounting-export.ts). */
  accountingAccounts: { wallet: string; revenue: string; payables: string; fees: string };
  /** Age after which a creation still without outcome is listed on the Reconciliation page. */
  reconciliationAfterMinutes: number;
  logLevel: z.infer<typeof rawSettingsSchema>["LOG_LEVEL"];
  /** The SSRF guard (lib/net/outbound-guard.ts): private addresses only for local development and tests. */
  outbound: { allowPrivateAddresses: boolean };
  /** Origin checks and headers: trust X-Forwarded-Host/Proto only behind a proxy that sets them; HSTS when TLS is terminated in front. */
  web: { trustProxy: boolean; tlsTerminatedInFront: boolean };
  alerts: { smtpUrl?: string; emailFrom: string; checkIntervalMs: number; retryBaseMs: number };
  /** How many reverse proxies in front of the dashboard append to X-Forwarded-For (lib/auth/client-address.ts). */
  trustedProxyHops: number;
  /** Callback deliveries one instance works on at once (the rest wait their turn); 0: no limit. */
  receiverConcurrency: number;
  /** SIGTERM/SIGINT: readiness 503 for drainMs while still serving, then exit within timeoutMs at the latest. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The bearer token /api/metrics asks for; unset: the endpoint answers 404. */
  metricsToken?: string;
  /** Where traces go (OTLP/HTTP), and the service's name in them; no endpoint: tracing off. */
  tracing: { endpoint?: string; serviceName: string };
  /** Events for the merchant's systems (lib/events/deliver.ts, docs/events.md). */
  events: {
    timeoutMs: number;
    perEndpointConcurrency: number;
    disableAfterHours: number;
    secretOverlapHours: number;
  };
  /**
   * Whether the sign-in itself counts as the step-up for moving money (creating or approving a
   * cash-out or a bulk payout) during the 5 minutes after it (lib/auth/step-up.ts). Other sensitive
   * actions always accept a sign-in that recent.
   */
  stepUpAfterSignIn: boolean;
  /**
   * Personal data (docs/personal-data.md): the roles that may download an export with documents,
   * e-mails, phones and PIX keys in full; after how many days payers' and recipients' personal
   * fields are anonymised, and how often the job that does it looks.
   */
  personalData: { unmaskedExportRoles: OperatorRole[]; retentionDays: number; retentionIntervalMs: number };
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses settings from an environment; exported separately so tests can feed their own. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  // Empty strings count as unset, so `FOO=` in an .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  // Without APP_URL, the dashboard is where it is served: `PORT=4000 npm run serve` must call its own
  // embedded wallet (and give it callback URLs) on port 4000, not on the default 3000.
  if (cleaned.APP_URL === undefined && /^\d{1,5}$/.test(cleaned.PORT ?? "")) cleaned.APP_URL = `http://localhost:${Number(cleaned.PORT)}`;
  const parsed = rawSettingsSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}\nFix them in the environment or .env file (see .env.example).`);
  }
  const settings = parsed.data;
  const appUrl = settings.APP_URL.replace(/\/+$/, "");
  const embeddedSandboxUrl = `${appUrl}/sandbox`;
  const walletBaseUrl = (settings.WALLET_API_BASE_URL ?? embeddedSandboxUrl).replace(/\/+$/, "");
  const usesEmbeddedSandbox = walletBaseUrl === embeddedSandboxUrl;
  const sandboxEnabled = settings.SANDBOX_WALLET_ENABLED ?? usesEmbeddedSandbox;
  const usesPostgres = settings.DATABASE_URL !== undefined;

  // Zero-setup secrets exist only for the embedded single-process setup; a PostgreSQL deployment
  // may run several instances, which must share secrets given explicitly.
  const needsGeneratedSecrets =
    !settings.BETTER_AUTH_SECRET ||
    !settings.CALLBACK_SECRET ||
    (usesEmbeddedSandbox && !settings.WALLET_API_TOKEN && !settings.SANDBOX_WALLET_TOKEN);
  if (usesPostgres && needsGeneratedSecrets) {
    const missing = ["BETTER_AUTH_SECRET", "CALLBACK_SECRET"].filter((name) => !cleaned[name]);
    if (usesEmbeddedSandbox && !settings.WALLET_API_TOKEN && !settings.SANDBOX_WALLET_TOKEN) missing.push("WALLET_API_TOKEN");
    throw new ConfigError(
      `Missing settings: ${missing.join(", ")}. With DATABASE_URL set, secrets are not generated automatically (several instances must share them): set each to a random value, e.g. \`openssl rand -hex 32\`.`,
    );
  }
  if (settings.SHUTDOWN_DRAIN_MS >= settings.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid settings:\n  - SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (${settings.SHUTDOWN_TIMEOUT_MS} ms), which bounds the whole shutdown.`,
    );
  }
  if (!usesEmbeddedSandbox && !settings.WALLET_API_TOKEN) {
    throw new ConfigError(
      "Missing setting WALLET_API_TOKEN: WALLET_API_BASE_URL points at an external wallet, so its access token is required.",
    );
  }
  const generated = needsGeneratedSecrets ? loadOrCreateEmbeddedSecrets(settings.EMBEDDED_SECRETS_FILE) : undefined;
  const walletToken = settings.WALLET_API_TOKEN ?? settings.SANDBOX_WALLET_TOKEN ?? generated!.walletToken;

  return {
    appUrl,
    database: usesPostgres
      ? { kind: "postgres", url: settings.DATABASE_URL!, connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT_MS }
      : { kind: "pglite", dataDir: settings.PGLITE_DATA_DIR, worker: settings.PGLITE_WORKER },
    authSecret: settings.BETTER_AUTH_SECRET ?? generated!.authSecret,
    callbackSecret: settings.CALLBACK_SECRET ?? generated!.callbackSecret,
    storeCredentials: {
      currentKeyHex: settings.STORE_CREDENTIALS_KEY ?? generated?.storeCredentialsKey,
      oldKeysHex: settings.STORE_CREDENTIALS_OLD_KEYS?.split(",") ?? [],
    },
    wallet: {
      baseUrl: walletBaseUrl,
      token: walletToken,
      timeoutMs: settings.WALLET_API_TIMEOUT_MS,
      isSandbox: settings.WALLET_IS_SANDBOX ?? usesEmbeddedSandbox,
      // The embedded sandbox documents whole cents; another wallet's unit is not in the API (the spec).
      taxUnit: settings.WALLET_TAX_UNIT ?? (usesEmbeddedSandbox ? "cents" : "unknown"),
    },
    sandboxWallet: { enabled: sandboxEnabled, token: settings.SANDBOX_WALLET_TOKEN ?? walletToken },
    merchantName: settings.MERCHANT_NAME,
    accountingAccounts: accountingAccountsOf(settings.ACCOUNTING_ACCOUNTS),
    reconciliationAfterMinutes: settings.RECONCILIATION_AFTER_MINUTES,
    logLevel: settings.LOG_LEVEL,
    outbound: { allowPrivateAddresses: settings.OUTBOUND_ALLOW_PRIVATE_ADDRESSES },
    web: { trustProxy: settings.TRUST_PROXY, tlsTerminatedInFront: settings.TLS_TERMINATED_IN_FRONT },
    alerts: {
      smtpUrl: settings.ALERT_SMTP_URL,
      emailFrom: settings.ALERT_EMAIL_FROM,
      checkIntervalMs: settings.ALERT_CHECK_INTERVAL_MS,
      retryBaseMs: settings.ALERT_RETRY_BASE_MS,
    },
    trustedProxyHops: settings.TRUSTED_PROXY_HOPS,
    stepUpAfterSignIn: settings.STEP_UP_AFTER_SIGN_IN,
    // A burst of callbacks would otherwise queue dozens of deliveries' statements in front of every
    // page's and health check's. PGlite in the server's own thread already takes deliveries one at
    // a time (lib/callbacks/apply-callback.ts).
    receiverConcurrency:
      settings.RECEIVER_CONCURRENCY ??
      (usesPostgres ? defaultReceiverConcurrency.postgres : settings.PGLITE_WORKER ? defaultReceiverConcurrency.pgliteWorker : 0),
    shutdown: { drainMs: settings.SHUTDOWN_DRAIN_MS, timeoutMs: settings.SHUTDOWN_TIMEOUT_MS },
    metricsToken: settings.METRICS_TOKEN,
    tracing: { endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: settings.OTEL_SERVICE_NAME },
    events: {
      timeoutMs: settings.EVENTS_DELIVERY_TIMEOUT_MS,
      perEndpointConcurrency: settings.EVENTS_ENDPOINT_CONCURRENCY,
      disableAfterHours: settings.EVENTS_DISABLE_AFTER_HOURS,
      secretOverlapHours: settings.EVENTS_SECRET_OVERLAP_HOURS,
    },
    personalData: {
      unmaskedExportRoles:
        settings.PERSONAL_DATA_FULL_EXPORT_ROLES === "none"
          ? []
          : [...new Set(settings.PERSONAL_DATA_FULL_EXPORT_ROLES.split(",") as OperatorRole[])],
      retentionDays: settings.PERSONAL_DATA_RETENTION_DAYS,
      retentionIntervalMs: settings.PERSONAL_DATA_SWEEP_INTERVAL_MS,
    },
  };
}

function accountingAccountsOf(text: string): AppConfig["accountingAccounts"] {
  const [wallet, revenue, payables, fees] = text.split(";").map((name) => name.trim()) as [string, string, string, string];
  return { wallet, revenue, payables, fees };
}

let cachedConfig: AppConfig | undefined;

/** The process-wide configuration, read from process.env on first use. */
export function getConfig(): AppConfig {
  cachedConfig ??= parseConfig(process.env);
  return cachedConfig;
}
