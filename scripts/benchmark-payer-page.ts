// What the web hardening costs the payer page. Two measures, each beside a baseline from the same run:
//  1. proxy.ts itself (nonce, CSP and headers) per request, against a bare NextResponse.next()
//     (what the payer page paid before: the old proxy skipped /pay/ entirely);
//  2. with --url, the real payer page served by a running production build (`next start`),
//     against /api/health on the same server (a near-empty response through the same proxy).
//
//   npm run bench:payer                                   # 1 only
//   npm run bench:payer -- --url http://localhost:3111 --token <payer link token> --runs 200
import { performance } from "node:perf_hooks";
import { NextRequest, NextResponse } from "next/server";
import { proxy } from "@/proxy";
import { numberOption, textOption } from "./support/bench";

const runs = numberOption("runs", 200);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const describe = (samples: number[], unit = "ms", scale = 1) =>
  `p50 ${(percentile(samples, 50) * scale).toFixed(3)} ${unit}, p95 ${(percentile(samples, 95) * scale).toFixed(3)} ${unit}`;

async function timeEach(count: number, run: () => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main() {
  const url = "http://localhost:3000/pay/Q2hhcmdlVG9rZW5Gb3JCZW5jaG1hcmtz";
  const proxyRuns = runs * 50;
  // Warm both paths first so the JIT does not favour the second one.
  await timeEach(2_000, () => NextResponse.next());
  await timeEach(2_000, () => proxy(new NextRequest(url)));
  const baseline = await timeEach(proxyRuns, () => {
    new NextRequest(url);
    return NextResponse.next();
  });
  const hardened = await timeEach(proxyRuns, () => proxy(new NextRequest(url)));
  console.log(`proxy.ts per payer-page request (${proxyRuns} runs)`);
  console.log(`  baseline (no proxy work):        ${describe(baseline, "µs", 1000)}`);
  console.log(`  hardened (nonce, CSP, headers):  ${describe(hardened, "µs", 1000)}`);

  const base = textOption("url");
  const token = textOption("token");
  if (!base) return;
  const fetchText = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    await response.text();
    if (response.status >= 500) throw new Error(`${path} answered ${response.status}`);
  };
  const payerPath = `/pay/${token ?? "AAAAAAAAAAAAAAAAAAAAAAAA"}`;
  await timeEach(20, () => fetchText(payerPath));
  await timeEach(20, () => fetchText("/api/health"));
  const health = await timeEach(runs, () => fetchText("/api/health"));
  const payer = await timeEach(runs, () => fetchText(payerPath));
  console.log(`\nover HTTP against ${base} (${runs} sequential requests each)`);
  console.log(`  baseline /api/health:            ${describe(health)}`);
  console.log(`  payer page ${token ? "(real link)" : "(unknown link, 404)"}:   ${describe(payer)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
