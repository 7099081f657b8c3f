// Benchmark of how soon an operator's page shows a final status: the time from the ledger applying
// the wallet's callback (the transaction's statusChangedAt) to the badge on the page changing, in
// Chromium against a running production server. Three ways a page can learn it, measured in the
// same run on the same server:
//   - live stream: the charge page's badge with its server-sent events (the normal case);
//   - live polling: the same badge with its event stream cut, polling on the live schedule
//     (lib/transactions/status-polling.ts: 500 ms, then every second);
//   - baseline, backoff polling: the ledger list's badges with their event stream cut, polling on
//     the list's backoff schedule (2 s, ×1.5, up to 10 s) — how every badge learned it before the
//     streams, what made a cash-out show ~10 s late.
//
//   E2E_PORT=3700 npx playwright test e2e/journeys.spec.ts   # leaves a server's data and a saved admin session
//   APP_URL=http://localhost:3701 PGLITE_DATA_DIR=.data-e2e-3700/pglite EMBEDDED_SECRETS_FILE=.data-e2e-3700/secrets.json npx next start -p 3701 &
//   npm run bench:live-status -- --base-url http://localhost:3701 --storage-state e2e/.auth/admin-3700.json --runs 5
//
// Each run creates a sandbox charge and pays it with "Simulate payment" (the admin's session).
import { chromium, type Browser, type Page } from "@playwright/test";
import { numberOption, textOption } from "./support/bench";

const baseUrl = textOption("base-url") ?? "http://localhost:3000";
const storageState = textOption("storage-state") ?? "e2e/.auth/admin-3100.json";
const runs = numberOption("runs", 5);

async function createCharge(page: Page): Promise<string> {
  await page.goto("/cash-in");
  await page.locator("#amount").fill("5,00");
  await page.locator("#payerName").fill("Bench Payer");
  await page.locator("#payerEmail").fill("bench@example.com");
  await page.locator("#payerDocument").fill("52998224725");
  await page.getByRole("button", { name: /^(Create charge|Criar cobrança)$/ }).click();
  await page.waitForURL(/\/cash-in\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** When (epoch ms) the watched page's badge for `id` first shows SUCCEED. */
async function whenShownPaid(page: Page, selector: string): Promise<number> {
  await page.waitForSelector(`${selector} [data-status="SUCCEED"]`, { timeout: 60_000 });
  // The page notes the moment itself (below), so the wait's own polling does not count.
  return page.evaluate(() => (window as unknown as { paidAt?: number }).paidAt ?? Date.now());
}

async function notePaidMoment(page: Page, selector: string) {
  await page.evaluate((watched) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector(`${watched} [data-status="SUCCEED"]`)) {
        (window as unknown as { paidAt?: number }).paidAt ??= Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, selector);
}

type Mode = "live stream" | "live polling (stream cut)" | "baseline: backoff polling (ledger list)";

async function measureOnce(browser: Browser, mode: Mode): Promise<number> {
  const context = await browser.newContext({ storageState, baseURL: baseUrl });
  try {
    const operator = await context.newPage();
    const id = await createCharge(operator);
    const watcher = await context.newPage();
    let selector: string;
    if (mode === "baseline: backoff polling (ledger list)") {
      await watcher.route(/\/api\/transactions\/statuses\/events/, (route) => route.abort());
      await watcher.goto("/transactions");
      selector = `[data-testid="ledger-status"][data-transaction-id="${id}"]`;
    } else {
      if (mode === "live polling (stream cut)") await watcher.route(/\/api\/transactions\/[^/]+\/events$/, (route) => route.abort());
      await watcher.goto(`/cash-in/${id}`);
      selector = '[data-testid="live-status"]';
    }
    await watcher.waitForSelector(`${selector} [data-status="PENDING"]`);
    await notePaidMoment(watcher, selector);
    // Simulate the payment from the operator's tab; the watcher only watches.
    await operator.locator("button", { hasText: /Simulate payment|Simular pagamento/ }).click();
    const shownAt = await whenShownPaid(watcher, selector);
    const status = (await (await operator.request.get(`/api/transactions/${id}/status`)).json()) as { statusChangedAt: string };
    return shownAt - new Date(status.statusChangedAt).getTime();
  } finally {
    await context.close();
  }
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!;
  return { p50: Math.round(at(0.5)), max: Math.round(sorted.at(-1)!) };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const modes: Mode[] = ["live stream", "live polling (stream cut)", "baseline: backoff polling (ledger list)"];
  console.log(`Time from the callback applied to "Paid" on screen, ${runs} charges per way (ms):`);
  for (const mode of modes) {
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measureOnce(browser, mode));
    const { p50, max } = summary(samples);
    console.log(
      `  ${mode.padEnd(42)} p50 ${String(p50).padStart(6)}   max ${String(max).padStart(6)}   [${samples.map(Math.round).join(", ")}]`,
    );
  }
} finally {
  await browser.close();
}
