// The smoke checks a deployed dashboard must pass, against any base URL: ready, the setup and
// sign-in pages with their static assets, a sandbox cash-in paid whose callback the receiver stores,
// and the receiver's 404 for a wrong secret. Shared by scripts/standalone-smoke.ts (the standalone
// output in an empty directory) and scripts/image-smoke.sh (the container image, through
// `npx tsx scripts/support/service-checks.ts <base-url> <secrets.json>`).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export type ServiceSecrets = { walletToken: string; callbackSecret: string };

export type ServiceCheckOptions = {
  /** The URL the checks call; the server's APP_URL (its sandbox delivers callbacks there). */
  base: string;
  /** The embedded secrets (EMBEDDED_SECRETS_FILE), read once the server is ready (it writes them). */
  readSecrets: () => ServiceSecrets;
  /** Throws when the server is known to be gone (so a wait fails at once rather than at the deadline). */
  assertRunning?: () => void;
  /** Waits give up this many milliseconds after `startedAt`. */
  deadlineMs: number;
  startedAt?: number;
  log: (message: string) => void;
  /** A fresh data directory: GET / must lead to /setup (false once an operator exists). */
  expectFreshInstall?: boolean;
};

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls `probe` until it returns a value (not undefined) or the deadline passes. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: Pick<ServiceCheckOptions, "assertRunning" | "deadlineMs" | "startedAt">,
): Promise<T> {
  const startedAt = options.startedAt ?? Date.now();
  for (;;) {
    options.assertRunning?.();
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    check(Date.now() - startedAt < options.deadlineMs, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the server is ready (GET /api/health 200: database open and migrated, wallet answers). */
export async function waitUntilReady(options: ServiceCheckOptions) {
  const { base } = options;
  await waitFor(
    "GET /api/health to answer 200",
    async () => ((await fetch(`${base}/api/health`)).status === 200 ? true : undefined),
    options,
  );
  options.log("ready (GET /api/health 200)");
}

/** Runs every check against a ready server; returns the paid cash-in's id. */
export async function checkService(options: ServiceCheckOptions): Promise<string> {
  const { base, log } = options;
  await waitUntilReady(options);

  // A fresh install leads to setup; the sign-in page renders with its scripts from .next/static.
  if (options.expectFreshInstall !== false) {
    const home = await fetch(`${base}/`);
    check(new URL(home.url).pathname === "/setup", `GET / led to ${home.url} (${home.status}), not to /setup`);
    const setup = await fetch(`${base}/setup`);
    check(
      setup.status === 200 && (await setup.text()).includes("Set up Wallet Dashboard"),
      `GET /setup answered ${setup.status} without the setup form`,
    );
  }
  const signIn = await fetch(`${base}/sign-in`);
  const signInHtml = await signIn.text();
  check(signIn.status === 200 && /<form/i.test(signInHtml), `GET /sign-in answered ${signIn.status} without a form`);
  const script = signInHtml.match(/\/_next\/static\/[^"']+\.js/)?.[0];
  check(script, "the sign-in page names no script under /_next/static");
  check((await fetch(`${base}${script}`)).status === 200, `GET ${script} (from .next/static) did not answer 200`);
  check((await fetch(`${base}/icon.svg`)).status === 200, "GET /icon.svg (from public/) did not answer 200");
  log("setup and sign-in pages render, static assets and public files are served");

  // A sandbox cash-in, paid; its callback goes to the receiver (the global URL: no operator exists
  // yet to create a dashboard transaction), which answers 200 only once the delivery is stored.
  const secrets = options.readSecrets();
  const sandbox = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${base}/sandbox${pathname}`, {
      method,
      headers: { authorization: `Bearer ${secrets.walletToken}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { success: boolean; messageError: string | null; data: Record<string, unknown> | null };
    check(response.ok && envelope.success, `${method} /sandbox${pathname} answered ${response.status}: ${envelope.messageError}`);
    return envelope.data!;
  };
  const callbackUrl = `${base}/api/callbacks/wallet/${secrets.callbackSecret}`;
  const cashIn = await sandbox("POST", "/api/v1/wallets/in", {
    value: 1234,
    callbackUrl,
    payer: { name: "Maria Silva", email: "maria@example.com", document: "123.456.789-09" },
  });
  const cashInId = String(cashIn.id);
  check(
    cashIn.status === "PENDING" && String(cashIn.codeCopyPaste).length > 0,
    "the sandbox cash-in was not created PENDING with a PIX code",
  );
  await sandbox("POST", `/control/cash-ins/${cashInId}/pay`);
  await waitFor(
    "the paid cash-in's callback to be received",
    async () => {
      const logs = (await sandbox("GET", `/control/transactions/${cashInId}/callback-logs`)) as unknown as Array<{
        responseStatus: number | null;
      }>;
      return logs.find((entry) => entry.responseStatus === 200);
    },
    options,
  );
  log("sandbox cash-in created and paid; its callback was delivered and stored (receiver answered 200)");

  // The receiver itself: the same snapshot is accepted at the secret URL and refused at another.
  const snapshot = await sandbox("GET", `/control/transactions/${cashInId}`);
  const post = (url: string) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(snapshot) });
  const accepted = await post(callbackUrl);
  check(
    accepted.status === 200 && ((await accepted.json()) as { received?: boolean }).received === true,
    `the receiver answered ${accepted.status}`,
  );
  const refused = await post(`${base}/api/callbacks/wallet/${"0".repeat(64)}`);
  check(refused.status === 404, `a callback to a wrong secret answered ${refused.status}, not 404`);
  log("callback receiver: stored at its secret URL, 404 elsewhere");
  return cashInId;
}

/** The sandbox's record of a cash-in (after a restart: still there, still SUCCEED). */
export async function sandboxTransactionStatus(base: string, secrets: ServiceSecrets, id: string): Promise<string> {
  const response = await fetch(`${base}/sandbox/control/transactions/${id}`, {
    headers: { authorization: `Bearer ${secrets.walletToken}` },
  });
  const envelope = (await response.json()) as { success: boolean; data: { status?: string } | null };
  check(response.ok && envelope.success, `GET /sandbox/control/transactions/${id} answered ${response.status}`);
  return String(envelope.data?.status);
}

// CLI (scripts/image-smoke.sh): `tsx scripts/support/service-checks.ts <base-url> <secrets.json> [--after-restart <cash-in id>]`.
// Prints `cash-in <id>` on success. With --after-restart: only ready, sign-in, and that the given
// cash-in is still there and paid (the data survived in the volume).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [base, secretsFile, flag, earlierId] = process.argv.slice(2);
  check(base && secretsFile, "usage: service-checks.ts <base-url> <secrets.json> [--after-restart <cash-in id>]");
  const startedAt = Date.now();
  const options: ServiceCheckOptions = {
    base,
    readSecrets: () => JSON.parse(readFileSync(secretsFile, "utf8")) as ServiceSecrets,
    deadlineMs: 240_000,
    startedAt,
    log: (message) => console.log(`[service-checks +${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}`),
  };
  try {
    if (flag === "--after-restart") {
      check(earlierId, "--after-restart needs the cash-in id");
      await waitUntilReady(options);
      const status = await sandboxTransactionStatus(base, options.readSecrets(), earlierId);
      check(status === "SUCCEED", `cash-in ${earlierId} is ${status} after the restart, not SUCCEED (paid)`);
      const home = await fetch(`${base}/`);
      options.log(`after the restart: cash-in ${earlierId} still SUCCEED (paid); GET / led to ${new URL(home.url).pathname}`);
    } else {
      const id = await checkService(options);
      console.log(`cash-in ${id}`);
    }
  } catch (error) {
    console.error(`[service-checks] FAILED: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
