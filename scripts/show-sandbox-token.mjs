// Prints the access token of the embedded sandbox wallet, for calling its API with curl:
//   curl -H "Authorization: Bearer $(node scripts/show-sandbox-token.mjs)" ...
// The token is SANDBOX_WALLET_TOKEN or WALLET_API_TOKEN when set, otherwise the `walletToken`
// generated on first start in .data/secrets.json (or EMBEDDED_SECRETS_FILE).
// With `--account <name>`, the token of another sandbox account (created on demand, its own
// transactions and balance), derived from that token as lib/sandbox-wallet/accounts.ts does:
//   npm run sandbox:token -- --account store-b
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";

function primaryToken() {
  const fromEnvironment = process.env.SANDBOX_WALLET_TOKEN || process.env.WALLET_API_TOKEN;
  if (fromEnvironment) return fromEnvironment;
  const secretsFile = process.env.EMBEDDED_SECRETS_FILE || "./.data/secrets.json";
  try {
    const { walletToken } = JSON.parse(readFileSync(secretsFile, "utf8"));
    if (typeof walletToken !== "string") throw new Error("no walletToken in the file");
    return walletToken;
  } catch (error) {
    const reason = error.code === "ENOENT" ? "it does not exist yet: start the server once (npm run dev) to generate it" : error.message;
    process.stderr.write(`Cannot read the sandbox token from ${secretsFile}: ${reason}\n`);
    process.exit(1);
  }
}

const accountFlag = process.argv.indexOf("--account");
const account = accountFlag === -1 ? undefined : process.argv[accountFlag + 1];
const primary = primaryToken();
if (account === undefined || account === "main") {
  process.stdout.write(`${primary}\n`);
} else if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(account)) {
  process.stderr.write("A sandbox account name is 1 to 32 lower-case letters, digits or dashes.\n");
  process.exit(1);
} else {
  const mac = createHmac("sha256", primary).update(`sandbox-wallet account ${account}`, "utf8").digest("base64url").slice(0, 32);
  process.stdout.write(`sbx-acct.${account}.${mac}\n`);
}
