// The web hardening settings: safe by default, and a malformed value stops the server by name.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

const base = { EMBEDDED_SECRETS_FILE: path.join(mkdtempSync(path.join(tmpdir(), "wallet-web-settings-")), "secrets.json") };

describe("web hardening settings", () => {
  it("default to no private addresses, no trusted proxy, no TLS in front", () => {
    const config = parseConfig(base);
    expect(config.outbound).toEqual({ allowPrivateAddresses: false });
    expect(config.web).toEqual({ trustProxy: false, tlsTerminatedInFront: false });
  });

  it("are read from the environment", () => {
    const config = parseConfig({ ...base, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true", TRUST_PROXY: "yes", TLS_TERMINATED_IN_FRONT: "1" });
    expect(config.outbound.allowPrivateAddresses).toBe(true);
    expect(config.web).toEqual({ trustProxy: true, tlsTerminatedInFront: true });
  });

  it("refuse a malformed value, naming it", () => {
    expect(() => parseConfig({ ...base, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "sometimes" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY: must be true or false/);
  });
});
