// The sandbox accounts' tokens: the primary token is "main", derived tokens name their account and
// are refused once altered, for another primary token, or for a name outside the pattern.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { accountOfToken, primarySandboxAccount, sandboxAccountToken } from "./accounts";

const primary = "sbx_primary_token_0123456789abcdef";

describe("sandbox account tokens", () => {
  it("reads the primary token as the main account and a derived token as its account", () => {
    expect(accountOfToken(primary, primary)).toBe(primarySandboxAccount);
    const token = sandboxAccountToken(primary, "store-b");
    expect(token).toMatch(/^sbx-acct\.store-b\.[A-Za-z0-9_-]{32}$/);
    expect(accountOfToken(primary, token)).toBe("store-b");
    expect(sandboxAccountToken(primary, "store-b")).toBe(token);
    expect(sandboxAccountToken(primary, "store-c")).not.toBe(token);
  });

  it("refuses an altered token, another account's name on the same code, and another primary's token", () => {
    const token = sandboxAccountToken(primary, "store-b");
    const code = token.split(".")[2]!;
    expect(accountOfToken(primary, `sbx-acct.store-c.${code}`)).toBeUndefined();
    expect(accountOfToken(primary, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    expect(accountOfToken(primary, sandboxAccountToken("sbx_another_primary_token_000000", "store-b"))).toBeUndefined();
    expect(accountOfToken(primary, `sbx-acct.main.${code}`)).toBeUndefined();
    expect(accountOfToken(primary, "sbx-acct..x")).toBeUndefined();
    expect(accountOfToken(primary, "anything")).toBeUndefined();
  });

  it("mints no token for the main account or a name outside the pattern", () => {
    expect(() => sandboxAccountToken(primary, "main")).toThrow(/not "main"/);
    expect(() => sandboxAccountToken(primary, "Store B")).toThrow(/lower-case/);
    expect(() => sandboxAccountToken(primary, "x".repeat(33))).toThrow(/1 to 32/);
  });

  it("npm run sandbox:token -- --account derives the same token", () => {
    const printed = execFileSync(process.execPath, ["scripts/show-sandbox-token.mjs", "--account", "store-b"], {
      env: { ...process.env, SANDBOX_WALLET_TOKEN: primary, WALLET_API_TOKEN: "" },
      encoding: "utf8",
    });
    expect(printed.trim()).toBe(sandboxAccountToken(primary, "store-b"));
  });
});
