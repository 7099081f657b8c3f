// The sandbox wallet's accounts (issue #49): one token per account, each account with its own
// transactions and balance. The primary token (the one the wallet is created with, generated into
// the embedded secrets) is the account "main"; any other account exists on demand, with no setup,
// through a token derived from the primary one:
//
//   sbx-acct.<account>.<first 32 base64url characters of HMAC-SHA256(primary token, "sandbox-wallet account <account>")>
//
// so nothing is stored or configured for a second account, only someone holding the primary token
// (or `npm run sandbox:token -- --account <name>`, which derives it the same way) can mint one, and
// one account's token gives no access to another's transactions nor to the primary token.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The account the primary token acts as. */
export const primarySandboxAccount = "main";

/** Account names: lower-case letters, digits and dashes, 1 to 32 characters ("main" is the primary token's). */
export const sandboxAccountNamePattern = /^[a-z0-9][a-z0-9-]{0,31}$/;

const derivedTokenPrefix = "sbx-acct.";
const macLength = 32;

function mac(primaryToken: string, account: string): string {
  return createHmac("sha256", primaryToken).update(`sandbox-wallet account ${account}`, "utf8").digest("base64url").slice(0, macLength);
}

/** The token of another sandbox account, derived from the primary token (scripts, tests, the e2e). */
export function sandboxAccountToken(primaryToken: string, account: string): string {
  if (!sandboxAccountNamePattern.test(account) || account === primarySandboxAccount) {
    throw new Error(
      `A sandbox account name is 1 to 32 lower-case letters, digits or dashes, and not "${primarySandboxAccount}" (the primary token's)`,
    );
  }
  return `${derivedTokenPrefix}${account}.${mac(primaryToken, account)}`;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/**
 * The account a presented token acts as, or undefined when it is neither the primary token nor a
 * token derived from it. Compared as fixed-length digests in constant time.
 */
export function accountOfToken(primaryToken: string, presented: string): string | undefined {
  if (timingSafeEqual(digest(presented), digest(primaryToken))) return primarySandboxAccount;
  if (!presented.startsWith(derivedTokenPrefix)) return undefined;
  const rest = presented.slice(derivedTokenPrefix.length);
  const separator = rest.lastIndexOf(".");
  if (separator < 1) return undefined;
  const account = rest.slice(0, separator);
  if (!sandboxAccountNamePattern.test(account) || account === primarySandboxAccount) return undefined;
  return timingSafeEqual(digest(rest.slice(separator + 1)), digest(mac(primaryToken, account))) ? account : undefined;
}
