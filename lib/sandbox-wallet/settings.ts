// The sandbox wallet's own settings (limits, tax rule, timings, BR Code merchant data), read from
// SANDBOX_WALLET_* environment variables with documented defaults (docs/sandbox-wallet.md).
import * as z from "@/lib/schemas/zod";

export type TaxRule = {
  /** Percentage of the value, in basis points (100 = 1%), rounded half up to whole cents. */
  basisPoints: number;
  /** Fixed amount in cents added to every transaction of the operation. */
  fixedCents: number;
};

export type SandboxWalletSettings = {
  /** Largest accepted `value`, in cents. */
  maxValueCents: number;
  /** `expireInMinutes` used when a cash-in request leaves it out. */
  defaultExpireInMinutes: number;
  /** Largest accepted `expireInMinutes`. */
  maxExpireInMinutes: number;
  cashInTax: TaxRule;
  cashOutTax: TaxRule;
  /** How long a cash-out stays PENDING before it settles (SUCCEED, or FAILED for the test values). */
  cashOutSettlementDelayMs: number;
  /** How long the receiver of a callback has to answer before the attempt counts as FAILED. */
  callbackTimeoutMs: number;
  /** Delays before each retry of a failed callback; its length is the number of retries. */
  callbackRetryScheduleMs: number[];
  /**
   * The longest the idle worker sleeps before asking again when anything is due. It wakes at once
   * for work queued in this process and at the due time of what it knows; this interval only bounds
   * how late it sees work scheduled by another instance (or a clock moved by a test).
   */
  workerPollIntervalMs: number;
  /** Largest accepted request body, in bytes (larger bodies get 413). */
  maxBodyBytes: number;
  /** Merchant data written into every cash-in BR Code. */
  merchantName: string;
  merchantCity: string;
  pixKey: string;
};

export const defaultSandboxWalletSettings: SandboxWalletSettings = {
  maxValueCents: 10_000_000,
  defaultExpireInMinutes: 30,
  maxExpireInMinutes: 1_440,
  cashInTax: { basisPoints: 99, fixedCents: 0 },
  cashOutTax: { basisPoints: 0, fixedCents: 50 },
  cashOutSettlementDelayMs: 3_000,
  callbackTimeoutMs: 5_000,
  callbackRetryScheduleMs: [10_000, 30_000, 60_000, 300_000, 900_000],
  workerPollIntervalMs: 5_000,
  maxBodyBytes: 65_536,
  merchantName: "WALLET SANDBOX",
  merchantCity: "SAO PAULO",
  pixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
};

const count = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .check(
      z.int({ error: "must be a whole number" }),
      z.minimum(min, { error: `must be at least ${min}` }),
      z.maximum(max, { error: `must be at most ${max}` }),
    );

const text = (maxLength: number) =>
  z.string().check(z.minLength(1), z.maxLength(maxLength, { error: `must be at most ${maxLength} characters` }));

const retrySchedule = z.pipe(
  z
    .string()
    .check(
      z.regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { error: "must be a comma-separated list of delays in milliseconds, such as 10000,30000,60000" }),
    ),
  z.transform((text) => text.split(",").map((part) => Number(part.trim()))),
);

const environmentSchema = z.object({
  SANDBOX_WALLET_MAX_VALUE_CENTS: z.optional(count(1, 100_000_000_000)),
  SANDBOX_WALLET_DEFAULT_EXPIRE_IN_MINUTES: z.optional(count(1, 525_600)),
  SANDBOX_WALLET_MAX_EXPIRE_IN_MINUTES: z.optional(count(1, 525_600)),
  SANDBOX_WALLET_CASH_IN_TAX_BASIS_POINTS: z.optional(count(0, 10_000)),
  SANDBOX_WALLET_CASH_IN_TAX_FIXED_CENTS: z.optional(count(0, 100_000_000)),
  SANDBOX_WALLET_CASH_OUT_TAX_BASIS_POINTS: z.optional(count(0, 10_000)),
  SANDBOX_WALLET_CASH_OUT_TAX_FIXED_CENTS: z.optional(count(0, 100_000_000)),
  SANDBOX_WALLET_CASH_OUT_SETTLEMENT_DELAY_MS: z.optional(count(0, 86_400_000)),
  SANDBOX_WALLET_CALLBACK_TIMEOUT_MS: z.optional(count(100, 120_000)),
  SANDBOX_WALLET_CALLBACK_RETRY_SCHEDULE_MS: z.optional(retrySchedule),
  SANDBOX_WALLET_WORKER_POLL_INTERVAL_MS: z.optional(count(10, 60_000)),
  SANDBOX_WALLET_MAX_BODY_BYTES: z.optional(count(1_024, 10_485_760)),
  // pix-utils enforces the BR Code limits: merchant name up to 25 characters, city up to 15.
  SANDBOX_WALLET_MERCHANT_NAME: z.optional(text(25)),
  SANDBOX_WALLET_MERCHANT_CITY: z.optional(text(15)),
  SANDBOX_WALLET_PIX_KEY: z.optional(text(77)),
});

export class SandboxWalletSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SandboxWalletSettingsError";
  }
}

/** Reads the settings from an environment; unset or empty variables take the documented defaults. */
export function parseSandboxWalletSettings(env: Record<string, string | undefined>): SandboxWalletSettings {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key.startsWith("SANDBOX_WALLET_") && value !== undefined && value !== ""),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new SandboxWalletSettingsError(`Invalid sandbox wallet settings:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const defaults = defaultSandboxWalletSettings;
  const settings: SandboxWalletSettings = {
    maxValueCents: value.SANDBOX_WALLET_MAX_VALUE_CENTS ?? defaults.maxValueCents,
    defaultExpireInMinutes: value.SANDBOX_WALLET_DEFAULT_EXPIRE_IN_MINUTES ?? defaults.defaultExpireInMinutes,
    maxExpireInMinutes: value.SANDBOX_WALLET_MAX_EXPIRE_IN_MINUTES ?? defaults.maxExpireInMinutes,
    cashInTax: {
      basisPoints: value.SANDBOX_WALLET_CASH_IN_TAX_BASIS_POINTS ?? defaults.cashInTax.basisPoints,
      fixedCents: value.SANDBOX_WALLET_CASH_IN_TAX_FIXED_CENTS ?? defaults.cashInTax.fixedCents,
    },
    cashOutTax: {
      basisPoints: value.SANDBOX_WALLET_CASH_OUT_TAX_BASIS_POINTS ?? defaults.cashOutTax.basisPoints,
      fixedCents: value.SANDBOX_WALLET_CASH_OUT_TAX_FIXED_CENTS ?? defaults.cashOutTax.fixedCents,
    },
    cashOutSettlementDelayMs: value.SANDBOX_WALLET_CASH_OUT_SETTLEMENT_DELAY_MS ?? defaults.cashOutSettlementDelayMs,
    callbackTimeoutMs: value.SANDBOX_WALLET_CALLBACK_TIMEOUT_MS ?? defaults.callbackTimeoutMs,
    callbackRetryScheduleMs: value.SANDBOX_WALLET_CALLBACK_RETRY_SCHEDULE_MS ?? defaults.callbackRetryScheduleMs,
    workerPollIntervalMs: value.SANDBOX_WALLET_WORKER_POLL_INTERVAL_MS ?? defaults.workerPollIntervalMs,
    maxBodyBytes: value.SANDBOX_WALLET_MAX_BODY_BYTES ?? defaults.maxBodyBytes,
    merchantName: value.SANDBOX_WALLET_MERCHANT_NAME ?? defaults.merchantName,
    merchantCity: value.SANDBOX_WALLET_MERCHANT_CITY ?? defaults.merchantCity,
    pixKey: value.SANDBOX_WALLET_PIX_KEY ?? defaults.pixKey,
  };
  if (settings.defaultExpireInMinutes > settings.maxExpireInMinutes) {
    throw new SandboxWalletSettingsError(
      `Invalid sandbox wallet settings:\n  - SANDBOX_WALLET_DEFAULT_EXPIRE_IN_MINUTES (${settings.defaultExpireInMinutes}) must not exceed SANDBOX_WALLET_MAX_EXPIRE_IN_MINUTES (${settings.maxExpireInMinutes})`,
    );
  }
  return settings;
}
