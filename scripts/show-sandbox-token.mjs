// Prints the access token of the embedded sandbox wallet, for calling its API with curl:
//   curl -H "Authorization: Bearer $(node scripts/show-sandbox-token.mjs)" ...
// The token is SANDBOX_WALLET_TOKEN or WALLET_API_TOKEN when set, otherwise the `walletToken`
// generated on first start in .data/secrets.json (or EMBEDDED_SECRETS_FILE).
import { readFileSync } from "node:fs";

const fromEnvironment = process.env.SANDBOX_WALLET_TOKEN || process.env.WALLET_API_TOKEN;
if (fromEnvironment) {
  process.stdout.write(`${fromEnvironment}\n`);
  process.exit(0);
}
const secretsFile = process.env.EMBEDDED_SECRETS_FILE || "./.data/secrets.json";
try {
  const { walletToken } = JSON.parse(readFileSync(secretsFile, "utf8"));
  if (typeof walletToken !== "string") throw new Error("no walletToken in the file");
  process.stdout.write(`${walletToken}\n`);
} catch (error) {
  const reason = error.code === "ENOENT" ? "it does not exist yet: start the server once (npm run dev) to generate it" : error.message;
  process.stderr.write(`Cannot read the sandbox token from ${secretsFile}: ${reason}\n`);
  process.exit(1);
}
