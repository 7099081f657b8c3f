// The business counters (lib/observability/metrics.ts) as a scrape of /api/metrics shows them: a
// test reads them before and after what it does and compares (the registry is one per process, so
// other files' counts are already in it).
import { answerMetricsRequest } from "@/lib/observability/metrics";

const token = "metrics-token-0123456789abcdef";

/** The count and the centavos of one kind at one step, from a fresh scrape. */
export async function businessCounters(kind: "cash_in" | "cash_out", step: string): Promise<{ count: number; cents: number }> {
  const request = new Request("http://dashboard/api/metrics", { headers: { authorization: `Bearer ${token}` } });
  const text = await (await answerMetricsRequest(request, token)).text();
  const sample = (name: string) => {
    const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{kind="${kind}",step="${step}"} `));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
  };
  return { count: sample("wallet_dashboard_transactions_total"), cents: sample("wallet_dashboard_transaction_amount_cents_total") };
}
