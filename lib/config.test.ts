import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";

const secrets = {
  BETTER_AUTH_SECRET: "a".repeat(40),
  CALLBACK_SECRET: "b".repeat(40),
  WALLET_API_TOKEN: "token-for-tests",
};

function tempSecretsFile() {
  return path.join(mkdtempSync(path.join(tmpdir(), "wallet-config-")), "secrets.json");
}

describe("settings", () => {
  it("works with no settings at all: embedded database, embedded sandbox, generated secrets kept in a 0600 file", () => {
    const file = tempSecretsFile();
    const config = parseConfig({ EMBEDDED_SECRETS_FILE: file });
    expect(config.database).toEqual({ kind: "pglite", dataDir: "./.data/pglite", worker: true });
    expect(config.wallet.baseUrl).toBe("http://localhost:3000/sandbox");
    expect(config.wallet.isSandbox).toBe(true);
    expect(config.sandboxWallet.enabled).toBe(true);
    expect(config.sandboxWallet.token).toBe(config.wallet.token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The same secrets come back on the next start.
    expect(parseConfig({ EMBEDDED_SECRETS_FILE: file }).authSecret).toBe(config.authSecret);
    expect(JSON.parse(readFileSync(file, "utf8")).walletToken).toBe(config.wallet.token);
  });

  it("reads the wallet's tax in WALLET_TAX_UNIT: cents for the embedded sandbox, unknown for another wallet unless set", () => {
    expect(parseConfig(secrets).wallet.taxUnit).toBe("cents");
    const external = { ...secrets, WALLET_API_BASE_URL: "https://wallet.example.com" };
    expect(parseConfig(external).wallet.taxUnit).toBe("unknown");
    expect(parseConfig({ ...external, WALLET_IS_SANDBOX: "true" }).wallet.taxUnit).toBe("unknown");
    expect(parseConfig({ ...external, WALLET_TAX_UNIT: "reais" }).wallet.taxUnit).toBe("reais");
    expect(parseConfig({ ...secrets, WALLET_TAX_UNIT: "unknown" }).wallet.taxUnit).toBe("unknown");
    expect(() => parseConfig({ ...secrets, WALLET_TAX_UNIT: "centavos" })).toThrow(/WALLET_TAX_UNIT: must be cents, reais or unknown/);
  });

  it("does not count a sign-in as the step-up for moving money unless STEP_UP_AFTER_SIGN_IN says so", () => {
    expect(parseConfig(secrets).stepUpAfterSignIn).toBe(false);
    expect(parseConfig({ ...secrets, STEP_UP_AFTER_SIGN_IN: "true" }).stepUpAfterSignIn).toBe(true);
    expect(() => parseConfig({ ...secrets, STEP_UP_AFTER_SIGN_IN: "sometimes" })).toThrow(/STEP_UP_AFTER_SIGN_IN: must be true or false/);
  });

  it("without APP_URL, uses the port it is served on (PORT), so the embedded wallet is reachable", () => {
    const config = parseConfig({ EMBEDDED_SECRETS_FILE: tempSecretsFile(), PORT: "4000" });
    expect(config.appUrl).toBe("http://localhost:4000");
    expect(config.wallet.baseUrl).toBe("http://localhost:4000/sandbox");
    // An explicit APP_URL wins (e.g. behind a proxy on another port).
    expect(parseConfig({ EMBEDDED_SECRETS_FILE: tempSecretsFile(), PORT: "4000", APP_URL: "https://pay.example.com" }).appUrl).toBe(
      "https://pay.example.com",
    );
  });

  it("names a malformed DATABASE_URL and says how to fix it", () => {
    expect(() => parseConfig({ ...secrets, DATABASE_URL: "mysql://nope" })).toThrow(/DATABASE_URL: must be a PostgreSQL URL/);
  });

  it("names every malformed setting at once", () => {
    let message = "";
    try {
      parseConfig({ ...secrets, APP_URL: "localhost", WALLET_API_TIMEOUT_MS: "soon", LOG_LEVEL: "loud" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/APP_URL/);
    expect(message).toMatch(/WALLET_API_TIMEOUT_MS/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it("requires explicit secrets with PostgreSQL, naming the missing ones", () => {
    expect(() => parseConfig({ DATABASE_URL: "postgres://u:p@db:5432/wallet" })).toThrow(
      /BETTER_AUTH_SECRET, CALLBACK_SECRET, WALLET_API_TOKEN/,
    );
  });

  it("requires the wallet token when pointing at an external wallet, and turns the embedded sandbox off", () => {
    expect(() =>
      parseConfig({
        BETTER_AUTH_SECRET: secrets.BETTER_AUTH_SECRET,
        CALLBACK_SECRET: secrets.CALLBACK_SECRET,
        WALLET_API_BASE_URL: "https://wallet.example.com",
      }),
    ).toThrow(/WALLET_API_TOKEN/);
    const config = parseConfig({ ...secrets, WALLET_API_BASE_URL: "https://wallet.example.com/" });
    expect(config.wallet).toMatchObject({ baseUrl: "https://wallet.example.com", isSandbox: false });
    expect(config.sandboxWallet.enabled).toBe(false);
  });

  it("bounds the deliveries the receiver works on at once, unless told, except on PGlite in the server's own thread", () => {
    const postgres = { ...secrets, DATABASE_URL: "postgres://user:pw@db:5432/wallet" };
    expect(parseConfig(postgres).receiverConcurrency).toBe(8);
    // PGlite in its worker: one connection, one batch at a time; 8 at once fill the batches.
    expect(parseConfig({ EMBEDDED_SECRETS_FILE: tempSecretsFile() }).receiverConcurrency).toBe(8);
    // PGlite in the server's own thread takes deliveries one at a time by itself.
    const inThread = parseConfig({ EMBEDDED_SECRETS_FILE: tempSecretsFile(), PGLITE_WORKER: "false" });
    expect(inThread.database).toEqual({ kind: "pglite", dataDir: "./.data/pglite", worker: false });
    expect(inThread.receiverConcurrency).toBe(0);
    expect(() => parseConfig({ EMBEDDED_SECRETS_FILE: tempSecretsFile(), PGLITE_WORKER: "sometimes" })).toThrow(
      /PGLITE_WORKER: must be true or false/,
    );
    expect(parseConfig({ ...postgres, RECEIVER_CONCURRENCY: "0" }).receiverConcurrency).toBe(0);
    expect(parseConfig({ ...postgres, RECEIVER_CONCURRENCY: "16" }).receiverConcurrency).toBe(16);
    expect(() => parseConfig({ ...postgres, RECEIVER_CONCURRENCY: "many" })).toThrow(
      /RECEIVER_CONCURRENCY: must be a number of deliveries/,
    );
    expect(() => parseConfig({ ...postgres, RECEIVER_CONCURRENCY: "-1" })).toThrow(/RECEIVER_CONCURRENCY/);
  });

  it("rejects short secrets", () => {
    expect(() => parseConfig({ ...secrets, BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/);
  });

  it("bounds the shutdown (3 s drain within 10 s by default) and names a drain that does not fit", () => {
    const file = tempSecretsFile();
    expect(parseConfig({ ...secrets, EMBEDDED_SECRETS_FILE: file }).shutdown).toEqual({ drainMs: 3_000, timeoutMs: 10_000 });
    expect(parseConfig({ ...secrets, SHUTDOWN_DRAIN_MS: "500", SHUTDOWN_TIMEOUT_MS: "5000" }).shutdown).toEqual({
      drainMs: 500,
      timeoutMs: 5_000,
    });
    expect(() => parseConfig({ ...secrets, SHUTDOWN_DRAIN_MS: "10000" })).toThrow(
      /SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_TIMEOUT_MS/,
    );
    expect(() => parseConfig({ ...secrets, SHUTDOWN_TIMEOUT_MS: "ten" })).toThrow(/SHUTDOWN_TIMEOUT_MS: must be a number of milliseconds/);
  });

  it("turns the metrics endpoint on only with a token of at least 16 characters", () => {
    expect(parseConfig(secrets).metricsToken).toBeUndefined();
    expect(parseConfig({ ...secrets, METRICS_TOKEN: "m".repeat(32) }).metricsToken).toBe("m".repeat(32));
    expect(() => parseConfig({ ...secrets, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 printable characters/);
  });

  it("store credentials key: generated with the embedded secrets, given explicitly with PostgreSQL, absent when not given", () => {
    const embedded = parseConfig({ EMBEDDED_SECRETS_FILE: tempSecretsFile() });
    expect(embedded.storeCredentials.currentKeyHex).toMatch(/^[0-9a-f]{64}$/);
    const key = "1f".repeat(32);
    const old = ["2e".repeat(32), "3d".repeat(32)];
    const given = parseConfig({
      ...secrets,
      DATABASE_URL: "postgres://u:p@db/w",
      STORE_CREDENTIALS_KEY: key,
      STORE_CREDENTIALS_OLD_KEYS: old.join(","),
    });
    expect(given.storeCredentials).toEqual({ currentKeyHex: key, oldKeysHex: old });
    expect(parseConfig({ ...secrets, DATABASE_URL: "postgres://u:p@db/w" }).storeCredentials).toEqual({
      currentKeyHex: undefined,
      oldKeysHex: [],
    });
    expect(() => parseConfig({ ...secrets, STORE_CREDENTIALS_KEY: "not-hex" })).toThrow(/STORE_CREDENTIALS_KEY: must be 64 hexadecimal/);
    expect(() => parseConfig({ ...secrets, STORE_CREDENTIALS_KEY: key, STORE_CREDENTIALS_OLD_KEYS: `${old[0]},x` })).toThrow(
      /STORE_CREDENTIALS_OLD_KEYS/,
    );
  });
});
