import { describe, expect, it } from "vitest";
import { defaultSandboxWalletSettings, parseSandboxWalletSettings } from "./settings";

describe("sandbox wallet settings", () => {
  it("uses the documented defaults when nothing is set (empty values count as unset)", () => {
    expect(parseSandboxWalletSettings({})).toEqual(defaultSandboxWalletSettings);
    expect(parseSandboxWalletSettings({ SANDBOX_WALLET_MAX_VALUE_CENTS: "" })).toEqual(defaultSandboxWalletSettings);
  });

  it("reads every variable", () => {
    const settings = parseSandboxWalletSettings({
      SANDBOX_WALLET_MAX_VALUE_CENTS: "500000",
      SANDBOX_WALLET_DEFAULT_EXPIRE_IN_MINUTES: "10",
      SANDBOX_WALLET_MAX_EXPIRE_IN_MINUTES: "60",
      SANDBOX_WALLET_CASH_IN_TAX_BASIS_POINTS: "150",
      SANDBOX_WALLET_CASH_IN_TAX_FIXED_CENTS: "10",
      SANDBOX_WALLET_CASH_OUT_TAX_BASIS_POINTS: "20",
      SANDBOX_WALLET_CASH_OUT_TAX_FIXED_CENTS: "0",
      SANDBOX_WALLET_CASH_OUT_SETTLEMENT_DELAY_MS: "0",
      SANDBOX_WALLET_CALLBACK_TIMEOUT_MS: "2500",
      SANDBOX_WALLET_CALLBACK_RETRY_SCHEDULE_MS: "1000, 2000,3000",
      SANDBOX_WALLET_WORKER_POLL_INTERVAL_MS: "250",
      SANDBOX_WALLET_MAX_BODY_BYTES: "2048",
      SANDBOX_WALLET_MERCHANT_NAME: "LOJA TESTE",
      SANDBOX_WALLET_MERCHANT_CITY: "CURITIBA",
      SANDBOX_WALLET_PIX_KEY: "pix@loja.example",
    });
    expect(settings).toEqual({
      maxValueCents: 500_000,
      defaultExpireInMinutes: 10,
      maxExpireInMinutes: 60,
      cashInTax: { basisPoints: 150, fixedCents: 10 },
      cashOutTax: { basisPoints: 20, fixedCents: 0 },
      cashOutSettlementDelayMs: 0,
      callbackTimeoutMs: 2_500,
      callbackRetryScheduleMs: [1_000, 2_000, 3_000],
      workerPollIntervalMs: 250,
      maxBodyBytes: 2_048,
      merchantName: "LOJA TESTE",
      merchantCity: "CURITIBA",
      pixKey: "pix@loja.example",
    });
  });

  it("names every malformed variable and what it must be", () => {
    let message = "";
    try {
      parseSandboxWalletSettings({
        SANDBOX_WALLET_CALLBACK_RETRY_SCHEDULE_MS: "10s,30s",
        SANDBOX_WALLET_MAX_VALUE_CENTS: "-1",
        SANDBOX_WALLET_MERCHANT_CITY: "A CITY NAME TOO LONG",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SANDBOX_WALLET_CALLBACK_RETRY_SCHEDULE_MS: must be a comma-separated list of delays in milliseconds");
    expect(message).toContain("SANDBOX_WALLET_MAX_VALUE_CENTS: must be at least 1");
    expect(message).toContain("SANDBOX_WALLET_MERCHANT_CITY: must be at most 15 characters");
  });

  it("refuses a default expiry above the maximum", () => {
    expect(() =>
      parseSandboxWalletSettings({ SANDBOX_WALLET_DEFAULT_EXPIRE_IN_MINUTES: "90", SANDBOX_WALLET_MAX_EXPIRE_IN_MINUTES: "60" }),
    ).toThrow(/must not exceed/);
  });
});
