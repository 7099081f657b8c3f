// What the benchmark scripts share: reading `--name value` options, timing a run many times, and a
// one-off PostgreSQL admin connection (to create and drop the benchmark's scratch databases).
import { Client } from "pg";

const argv = process.argv.slice(2);

/** `--name value` from the command line, as text (undefined when absent). */
export function textOption(name: string): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** `--name value` as a number, or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const text = textOption(name);
  return text === undefined ? fallback : Number(text);
}

/** Whether a bare `--name` flag was given. */
export function hasFlag(name: string): boolean {
  return argv.includes(`--${name}`);
}

export type Timing = { p50: number; p95: number };

/** p50 and p95 of `runs` timed calls, after three untimed warm-up calls. */
export async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<Timing> {
  for (let warmup = 0; warmup < 3; warmup += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.ceil(quantile * samples.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Runs `run` on a short-lived connection to the server at `url` (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
