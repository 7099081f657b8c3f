// API create-charge time against the cash-in server action's, in the same run: both served by the
// dashboard's production build (`next start`, .next must exist: `npx next build`) on a fresh PGlite
// database with the embedded sandbox wallet, called in turns (action, API, action, …) so both see
// the same moments of the machine's load. The action is called over HTTP as the form calls it (its
// id from the build's manifest, a session cookie); the API with a key and an Idempotency-Key.
//
//   npx tsx --conditions=react-server scripts/bench/api.ts [--quick] [--port 3330]
//
// `run(options)` returns the rows for `npm run bench` and docs/benchmarks.md.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createApiKey } from "@/lib/api-keys/manage-api-keys";
import { openDatabase } from "@/lib/db/client";
import { findAction } from "../../e2e/support/server-actions";
import { benchChargeInput, hasFlag, isMainModule, numberOption, percentile, startNextServer } from "../support/bench";
import { seedSignedInOperators } from "./support";

const root = path.resolve(import.meta.dirname, "../..");

export type ApiBenchOptions = { quick?: boolean; port?: number };

export async function run(
  options: ApiBenchOptions = {},
): Promise<Array<{ measure: string; figure: string; baseline: string; ratio: string }>> {
  const runs = options.quick ? 12 : 40;
  const warmUps = options.quick ? 4 : 10;
  const port = options.port ?? 3330;
  const origin = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const dataDir = path.join(dir, "pglite");
  const secrets = {
    appUrl: origin,
    authSecret: randomBytes(32).toString("hex"),
    callbackSecret: randomBytes(32).toString("hex"),
  };
  const walletToken = `sbx_${randomBytes(16).toString("hex")}`;

  // Seeded before the server starts (PGlite is one process's): an operator without two-factor, a key.
  const connection = await openDatabase({ kind: "pglite", dataDir });
  let cookie: string;
  let token: string;
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    ({ finance: cookie } = await seedSignedInOperators(connection.db, secrets, {
      finance: { name: "Bench finance", email: "finance@bench.example", role: "finance" },
    }));
    ({ token } = await createApiKey(
      connection.db,
      { id: "bench", email: "bench@bench.example" },
      {
        name: "Bench",
        scopes: ["charges:write"],
        expiresAt: null,
      },
    ));
  } finally {
    await connection.close();
  }

  const server = await startNextServer({
    cwd: root,
    port,
    readyPath: "/api/health/ready",
    env: {
      PGLITE_DATA_DIR: dataDir,
      APP_URL: origin,
      BETTER_AUTH_SECRET: secrets.authSecret,
      CALLBACK_SECRET: secrets.callbackSecret,
      WALLET_API_TOKEN: walletToken,
      SANDBOX_WALLET_TOKEN: walletToken,
      EMBEDDED_SECRETS_FILE: path.join(dir, "secrets.json"),
      LOG_LEVEL: "error",
    },
  });
  try {
    const action = findAction("createCashInAction");
    const viaAction = async () => {
      const started = performance.now();
      const response = await fetch(`${origin}${action.path}`, {
        method: "POST",
        headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", origin, accept: "text/x-component", cookie },
        body: JSON.stringify([benchChargeInput()]),
      });
      const text = await response.text();
      if (!text.includes("transactionId")) throw new Error(`the action did not create a charge: ${text.slice(0, 300)}`);
      return performance.now() - started;
    };
    const viaApi = async () => {
      const started = performance.now();
      const response = await fetch(`${origin}/api/v1/charges`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID(), "content-type": "application/json" },
        body: JSON.stringify({ amountCents: 1234, payer: { name: "Ana Bench", email: "ana@bench.example", document: "52998224725" } }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`the API answered ${response.status}`);
      return performance.now() - started;
    };
    for (let index = 0; index < warmUps; index++) {
      await viaAction();
      await viaApi();
    }
    const actionTimes: number[] = [];
    const apiTimes: number[] = [];
    for (let index = 0; index < runs; index++) {
      actionTimes.push(await viaAction());
      apiTimes.push(await viaApi());
    }
    const ratio = percentile(
      apiTimes.map((time, index) => time / actionTimes[index]!),
      50,
    );
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      {
        measure: "API create charge (POST /api/v1/charges, key + Idempotency-Key), PGlite",
        figure: `p50 ${ms(percentile(apiTimes, 50))}, p95 ${ms(percentile(apiTimes, 95))}`,
        baseline: `cash-in server action p50 ${ms(percentile(actionTimes, 50))}, p95 ${ms(percentile(actionTimes, 95))} (in turns, ${runs} each)`,
        ratio: `×${ratio.toFixed(2)}, median of each API call over the action call just before it`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({ quick: hasFlag("quick"), port: numberOption("port", 3330) });
  for (const row of rows) console.log(`${row.measure}\n  ${row.figure}\n  baseline: ${row.baseline}\n  ${row.ratio}`);
}
