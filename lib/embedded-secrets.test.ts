import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadOrCreateEmbeddedSecrets } from "@/lib/embedded-secrets";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function secretsPath(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "wallet-secrets-"));
  folders.push(folder);
  return path.join(folder, "secrets.json");
}

describe("embedded secrets and the store credentials key", () => {
  it("a new file has a store credentials key (64 hex), kept across restarts", () => {
    const file = secretsPath();
    const first = loadOrCreateEmbeddedSecrets(file);
    expect(first.storeCredentialsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateEmbeddedSecrets(file)).toEqual(first);
  });

  it("a file from before stores keeps its secrets and gains a key, written back (mode 0600)", () => {
    const file = secretsPath();
    const old = { authSecret: "a".repeat(64), callbackSecret: "c".repeat(64), walletToken: `sbx_${"w".repeat(48)}` };
    writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    const upgraded = loadOrCreateEmbeddedSecrets(file);
    expect(upgraded).toMatchObject(old);
    expect(upgraded.storeCredentialsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(upgraded);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateEmbeddedSecrets(file).storeCredentialsKey).toBe(upgraded.storeCredentialsKey);
  });
});
