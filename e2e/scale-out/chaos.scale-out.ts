// The callback chaos test across instances: 2,000 wallet callbacks in every test run, 10,000 in
// `npm run bench:scale-out-chaos` (a load run belongs with the benchmarks) (duplicates included,
// shuffled, 64 concurrent senders) to per-transaction callback URLs through the round-robin
// proxy, while cash-outs are double-submitted through the proxy too, and one instance is stopped
// mid-run and started again: once killed (SIGKILL, a crash), once stopped as an orchestrator stops a
// container (SIGTERM, with an approved bulk batch being sent by both instances at the time). Senders behave like a wallet: a connection error or a 5xx
// is retried with the same delivery (same callback log id). Afterwards: nothing lost (every
// delivery stored, every transaction in its final state), nothing applied twice (inbox outcomes
// and the audit log), each cash-out sent to the wallet once, and both instances — the survivor and
// the restarted one — serve the same, correct live state.
import { randomUUID } from "node:crypto";
import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { Client } from "pg";
import { findAction } from "../support/server-actions";
import { expect, test } from "../support/csp";
import { savedAdminPage } from "../support/operators";
import { cluster, clusterInfo, scaleOutSettings, skipReason, type TerminatedInstance } from "./settings";

test.skip(!scaleOutSettings().serverUrl, skipReason);

/** 2,000 by default (enough that the kill lands mid-storm); `npm run bench:scale-out-chaos` runs 10,000. Not in `npm test`: a chaos run. */
const totalCallbacks = Number(process.env.SCALE_OUT_CALLBACKS ?? 2_000);
// 36% of the deliveries are unique pairs (PENDING, then final) per transaction; the rest duplicates.
const transactionCount = Math.round(totalCallbacks * 0.36);
/** One in ten rows has a creation of unknown outcome (no wallet id yet): its first callback settles it. */
const unknownEvery = 10;
const senders = 64;
const cashOutCount = 20;
/** The kill comes a quarter of the way in; cash-outs are spread over the first 80%. */
const killAfter = Math.round(totalCallbacks / 4);
const cashOutEvery = Math.floor((totalCallbacks * 0.8) / cashOutCount);
const payerDocument = "52998224725";
/** Rows of the approved bulk batch sent while an instance is stopped with SIGTERM. */
const batchRows = 30;
const finals = ["SUCCEED", "CANCELED", "FAILED"] as const;

type Seeded = { id: string; walletId: string; amountCents: number; unknown: boolean; final: (typeof finals)[number] };
type Delivery = { row: Seeded; status: string; logId: string };

/** The same URL the dashboard hands to the wallet (lib/callbacks/callback-url.ts). */
function callbackUrl(proxyUrl: string, secret: string, transactionId: string): string {
  const token = createHmac("sha256", secret).update(`wallet-dashboard/callback-url/v1/${transactionId.toLowerCase()}`).digest("base64url");
  return `${proxyUrl}/api/callbacks/wallet/${transactionId}/${token}`;
}

function snapshot(row: Seeded, status: string) {
  return {
    id: row.walletId,
    value: row.amountCents,
    tax: 12,
    callbackUrl: "http://wallet.invalid/cb",
    description: "PIX",
    operation: "CASHIN",
    status,
    metadata: {},
    externalReference: null,
    createdAt: new Date().toISOString(),
    payer: { name: "Ana Caos", email: "ana@example.com", document: "529.982.247-25" },
  };
}

/** A seeded shuffle (mulberry32 + Fisher–Yates), so a failure can be replayed with the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs until a whole answer below 500 arrives, as a wallet retries a failed delivery (and a person
 * submits a form again): a refused or reset connection, a 5xx, or an answer cut off half-way
 * (its instance died while streaming it) counts as a failure. Counts the retries.
 */
async function postWithRetries(url: string, init: RequestInit, stats: { retries: number }): Promise<{ status: number; text: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      if (response.status < 500) return { status: response.status, text };
    } catch {
      // Connection refused or reset, or the body cut off: the instance behind it died.
    }
    stats.retries++;
    if (attempt >= 40) throw new Error(`gave up on ${new URL(url).pathname.slice(0, 40)}… after ${attempt + 1} attempts`);
    await sleep(Math.min(2_000, 50 * 2 ** attempt));
  }
}

/** A live status stream of one transaction, read straight from one instance. */
async function openStatusStream(instanceUrl: string, transactionId: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${instanceUrl}/api/transactions/${transactionId}/events`, { headers: { cookie }, signal: abort.signal });
  expect(response.status).toBe(200);
  const states: Array<{ status: string | null } | null> = [];
  const done = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done: ended } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (ended) return;
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const data = buffer
          .slice(0, end)
          .split("\n")
          .find((line) => line.startsWith("data: "));
        buffer = buffer.slice(end + 2);
        if (data) states.push(JSON.parse(data.slice(6)));
      }
    }
  })();
  return { states, done, close: () => abort.abort() };
}

for (const stop of ["kill", "terminate"] as const) {
  test(`${totalCallbacks} callbacks and double-submitted cash-outs through the proxy, one instance ${stop === "kill" ? "killed (SIGKILL)" : "stopped (SIGTERM) during a bulk batch"} and restarted: nothing lost, nothing twice`, async ({
    browser,
  }) => {
    // A load test: on a shared, busy 2-core machine the storm can take minutes; its checks are the assertions, not its time.
    test.setTimeout(900_000);
    const info = clusterInfo();
    const db = new Client({ connectionString: info.databaseUrl });
    await db.connect();
    const timings: string[] = [];
    const started = Date.now();
    const mark = (label: string) => {
      timings.push(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      console.log(`[chaos] ${timings.at(-1)}`);
    };
    try {
      // An admin session with a fresh step-up (cash-outs ask for one): one cash-out through the
      // form, whose dialog the csp fixture answers when it appears.
      const page: Page = await savedAdminPage(browser);
      await page.goto("/cash-out");
      await page.getByLabel("Amount (R$)").fill("1,00");
      await page.getByRole("radio", { name: "E-mail" }).check();
      await page.getByLabel(/^Recipient's PIX key/).fill("caos@example.com");
      await page.getByRole("button", { name: "Review cash-out" }).click();
      await page.getByRole("button", { name: "Confirm and send" }).click();
      await expect(page).toHaveURL(/\/cash-out\/[0-9a-f-]{36}$/);
      const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");

      // The ledger rows the callbacks are for, as the dashboard would have recorded them.
      const { rows } = await db.query<{ id: string; wallet_transaction_id: string | null; amount_cents: string }>(
        `insert into transactions (kind, creation_state, wallet_transaction_id, status, amount_cents, payer_document, idempotency_key,
         callback_binding, expire_in_minutes, is_sandbox)
       select 'CASH_IN', case when i % ${unknownEvery} = 0 then 'outcome_unknown' else 'created' end,
         case when i % ${unknownEvery} = 0 then null else 'chaos-' || gen_random_uuid() end,
         case when i % ${unknownEvery} = 0 then null else 'PENDING' end,
         1000 + i, '${payerDocument}', gen_random_uuid()::text, 'per_transaction', 30, true
       from generate_series(1, ${transactionCount}) as i
       returning id, wallet_transaction_id, amount_cents`,
      );
      const seeded: Seeded[] = rows.map((row, index) => ({
        id: row.id,
        walletId: row.wallet_transaction_id ?? `chaos-unknown-${randomUUID()}`,
        amountCents: Number(row.amount_cents),
        unknown: row.wallet_transaction_id === null,
        final: finals[index % finals.length]!,
      }));
      // A few transactions are held back to watch live: their final callbacks go out after the run.
      const watched = seeded.filter((row) => !row.unknown).slice(0, 4);
      const inStorm = seeded.filter((row) => !watched.includes(row));
      const unique: Delivery[] = inStorm.flatMap((row) => [
        { row, status: "PENDING", logId: randomUUID() },
        { row, status: row.final, logId: randomUUID() },
      ]);
      // Duplicates: the same deliveries (same callback log ids) sent again, up to 10,000 in all.
      const duplicates = shuffled(unique, 7).slice(0, totalCallbacks - unique.length);
      const deliveries = shuffled([...unique, ...duplicates], 42);
      expect(deliveries).toHaveLength(totalCallbacks);
      mark(`seeded ${transactionCount} transactions (${seeded.filter((row) => row.unknown).length} of unknown creation outcome)`);

      // SIGTERM run: an approved bulk batch, as the approvals flow leaves it (that flow has its own
      // tests), which both instances' batch senders start sending as the storm starts.
      const batchReference = `chaos-batch-${randomUUID().slice(0, 8)}`;
      if (stop === "terminate") {
        const { rows: admins } = await db.query<{ id: string; email: string }>(
          `select id, email from "user" where role = 'admin' order by created_at limit 1`,
        );
        const admin = admins[0]!;
        await db.query(
          `with request as (
           insert into cash_out_requests (kind, state, idempotency_key, total_cents, item_count, file_name, requested_by_user_id,
             requested_by_email, expires_at, decided_by_user_id, decided_by_email, decided_at)
           values ('batch', 'approved', $1, ${batchRows * 100}, ${batchRows}, 'chaos.csv', $2, $3, now() + interval '1 day', $2, $3, now())
           returning id)
         insert into cash_out_request_items (request_id, line, amount_cents, pix_key_type, pix_key, external_reference, idempotency_key)
         select request.id, i, 100, 'EMAIL', 'lote.' || i || '@example.com', $1 || '-' || i, $1 || '-' || i from request, generate_series(1, ${batchRows}) as i`,
          [batchReference, admin.id, admin.email],
        );
      }

      // Live streams opened before the run on both instances, straight to each (not through the proxy).
      const streamsBefore = await Promise.all(info.instanceUrls.map((url) => openStatusStream(url, inStorm[1]!.id, cookie)));

      const stats = { retries: 0, answered2xx: 0, answeredOther: [] as string[] };
      let next = 0;
      let restarted = false;
      let killedAt = 0;
      let terminated: TerminatedInstance | undefined;
      const restartWatch = (async () => {
        while (next < killAfter) await sleep(20);
        killedAt = Date.now();
        if (stop === "kill") await cluster.kill(1);
        else terminated = await cluster.terminate(1);
        mark(
          `instance 1 ${stop === "kill" ? "killed" : `stopped by SIGTERM (exit ${terminated?.exitCode}, ${terminated?.seconds.toFixed(1)} s)`} after ${next} callbacks sent`,
        );
        await cluster.start(1);
        restarted = true;
        mark(`instance 1 healthy again (${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill), ${next} callbacks sent`);
      })();

      // Cash-outs submitted twice at once (same form), spread over the run, retried on 5xx.
      const cashOutAction = findAction("createCashOutAction");
      const cashOutForms = Array.from({ length: cashOutCount }, (_, index) => ({
        idempotencyKey: randomUUID(),
        amount: `5,${String(index + 1).padStart(2, "0")}`,
        pixKey: { type: "EMAIL", key: `caos.${index}@example.com` },
        metadata: [],
        externalReference: `chaos-cash-out-${index}-${randomUUID().slice(0, 8)}`,
      }));
      const cashOutAnswers: string[] = [];
      const submitCashOut = (form: (typeof cashOutForms)[number]) =>
        postWithRetries(
          `${info.proxyUrl}${cashOutAction.path}`,
          {
            method: "POST",
            headers: {
              "Next-Action": cashOutAction.id,
              "Content-Type": "text/plain;charset=UTF-8",
              Origin: info.proxyUrl,
              Accept: "text/x-component",
              cookie,
            },
            body: JSON.stringify([form]),
            redirect: "manual",
          },
          stats,
        ).then((answer) => {
          cashOutAnswers.push(`${answer.status} ${answer.text}`);
        });
      const cashOutsSent = (async () => {
        const submissions: Promise<unknown>[] = [];
        for (const [index, form] of cashOutForms.entries()) {
          while (next < (index + 1) * cashOutEvery) await sleep(20);
          submissions.push(submitCashOut(form), submitCashOut(form));
        }
        await Promise.all(submissions);
      })();

      const sender = async () => {
        while (next < deliveries.length) {
          // Both instances take part in the end of the run: the last fifth waits for the restart.
          if (next >= deliveries.length * 0.8 && !restarted) {
            await sleep(50);
            continue;
          }
          const delivery = deliveries[next++]!;
          const response = await postWithRetries(
            callbackUrl(info.proxyUrl, info.callbackSecret, delivery.row.id),
            {
              method: "POST",
              headers: { "content-type": "application/json", "x-callback-log-id": delivery.logId },
              body: JSON.stringify(snapshot(delivery.row, delivery.status)),
            },
            stats,
          );
          if (response.status >= 200 && response.status < 300) stats.answered2xx++;
          else stats.answeredOther.push(`${response.status} ${response.text}`);
        }
      };
      const stormStarted = Date.now();
      const servedBefore = await cluster.servedCount();
      await Promise.all([...Array.from({ length: senders }, sender), restartWatch, cashOutsSent]);
      const stormSeconds = (Date.now() - stormStarted) / 1000;
      mark(
        `storm done: ${totalCallbacks} callbacks in ${stormSeconds.toFixed(1)} s (${(totalCallbacks / stormSeconds).toFixed(0)}/s through the proxy), ${stats.retries} retries`,
      );
      expect(stats.answeredOther).toEqual([]);
      expect(stats.answered2xx).toBe(totalCallbacks);
      if (stop === "kill")
        expect(stats.retries).toBeGreaterThan(0); // the kill was felt: some requests failed and were retried
      else {
        // A clean exit within its own bound (exit 1 is its deadline forcing the exit; forced, ours).
        expect(terminated?.forced).toBe(false);
        expect(terminated?.exitCode).toBe(0);
      }

      // The restarted instance took its share after the restart.
      const served = await cluster.servedSince(servedBefore);
      const callbacksServed = served.filter((request) => request.path.startsWith("/api/callbacks/wallet/"));
      const byInstance = [0, 1].map((instance) => callbacksServed.filter((request) => request.instance === instance).length);
      mark(`callbacks answered by instance 0: ${byInstance[0]}, by instance 1: ${byInstance[1]}`);
      expect(byInstance.every((count) => count > totalCallbacks / 20)).toBe(true);

      // Nothing lost: every delivery is in the inbox, every transaction in its final state.
      const logIds = unique.map((delivery) => delivery.logId);
      const stored = await db.query<{ n: number }>(
        "select count(distinct callback_log_id)::int as n from callback_deliveries where callback_log_id = any($1::text[])",
        [logIds],
      );
      expect(stored.rows[0]!.n).toBe(logIds.length);
      const states = await db.query<{ id: string; status: string; creation_state: string; wallet_transaction_id: string }>(
        "select id, status, creation_state, wallet_transaction_id from transactions where id = any($1::uuid[])",
        [inStorm.map((row) => row.id)],
      );
      const wrong = states.rows.filter((row) => {
        const expected = inStorm.find((candidate) => candidate.id === row.id)!;
        return row.status !== expected.final || row.creation_state !== "created" || row.wallet_transaction_id !== expected.walletId;
      });
      expect(wrong).toEqual([]);
      expect(states.rows).toHaveLength(inStorm.length);

      // Nothing applied twice: per transaction, exactly one delivery moved it to its final status, and
      // each creation of unknown outcome was settled once (one audit event).
      const outcomes = await db.query<{ transaction_id: string; final_applied: number; settled: number; applied: number }>(
        `select transaction_id,
         count(*) filter (where outcome in ('applied', 'settled') and status <> 'PENDING')::int as final_applied,
         count(*) filter (where outcome = 'settled')::int as settled,
         count(*) filter (where outcome = 'applied')::int as applied
       from callback_deliveries where transaction_id = any($1::uuid[]) group by transaction_id`,
        [inStorm.map((row) => row.id)],
      );
      expect(outcomes.rows).toHaveLength(inStorm.length);
      const unknownIds = new Set(inStorm.filter((row) => row.unknown).map((row) => row.id));
      const twice = outcomes.rows.filter(
        (row) => row.final_applied !== 1 || row.applied > 1 || row.settled !== (unknownIds.has(row.transaction_id) ? 1 : 0),
      );
      expect(twice).toEqual([]);
      const audits = await db.query<{ target_id: string; n: number }>(
        "select target_id, count(*)::int as n from audit_events where action = 'transaction.settled_by_callback' and target_id = any($1::text[]) group by target_id",
        [[...unknownIds]],
      );
      expect(audits.rows).toHaveLength(unknownIds.size);
      expect(audits.rows.every((row) => row.n === 1)).toBe(true);
      mark("checked: 0 lost, 0 applied twice");

      // Each cash-out sent to the wallet at most once, one ledger row per form, and completed by its
      // callback (through the proxy). One whose request died with the killed instance before the
      // wallet got it was never sent: the ledger keeps it as being sent / unknown, never resent.
      expect(cashOutAnswers).toHaveLength(cashOutCount * 2);
      expect(cashOutAnswers.filter((answer) => !answer.startsWith("200 "))).toEqual([]);
      const keys = cashOutForms.map((form) => form.idempotencyKey);
      type CashOutRow = { key: string; status: string | null; creation_state: string; at_wallet: number; succeed_applied: number };
      const cashOutRows = async () =>
        (
          await db.query<CashOutRow>(
            `select t.idempotency_key as key, t.status, t.creation_state,
             (select count(*) from sandbox_wallet.transactions w where w.external_reference = t.external_reference)::int as at_wallet,
             (select count(*) from callback_deliveries d
               where d.transaction_id = t.id and d.outcome in ('applied', 'settled') and d.status = 'SUCCEED')::int as succeed_applied
           from transactions t where t.idempotency_key = any($1::text[])`,
            [keys],
          )
        ).rows;
      const settled = (row: CashOutRow) =>
        (row.at_wallet === 1 && row.status === "SUCCEED" && row.creation_state === "created") ||
        (row.at_wallet === 0 && ["creating", "outcome_unknown"].includes(row.creation_state));
      await expect
        .poll(async () => (await cashOutRows()).filter(settled).length, { timeout: 90_000, intervals: [1_000] })
        .toBe(cashOutCount);
      const finalCashOuts = await cashOutRows();
      expect(finalCashOuts).toHaveLength(cashOutCount);
      expect(finalCashOuts.filter((row) => row.at_wallet > 1)).toEqual([]);
      const completed = finalCashOuts.filter((row) => row.at_wallet === 1);
      expect(completed.map((row) => row.succeed_applied)).toEqual(Array(completed.length).fill(1));
      // At most the one or two in flight at a kill can have died before reaching the wallet; a
      // SIGTERM lets the requests in flight finish: none is lost.
      expect(completed.length).toBeGreaterThanOrEqual(stop === "kill" ? cashOutCount - 2 : cashOutCount);
      const neverSent = finalCashOuts.filter((row) => row.at_wallet === 0).map((row) => row.creation_state);
      mark(
        `checked: ${cashOutCount} cash-outs, ${completed.length} sent once and completed, never sent: ${neverSent.join(", ") || "none"}`,
      );
      // The embedded wallets' delivery workers (one per instance) never made one attempt twice.
      const attemptsTwice = await db.query(
        "select delivery_id, attempt from sandbox_wallet.callback_logs group by delivery_id, attempt having count(*) > 1",
      );
      expect(attemptsTwice.rows).toEqual([]);

      // The bulk batch (SIGTERM run): every row sent to the wallet exactly once and completed, the
      // ones after the stop by the instance that kept serving (and the restarted one).
      if (stop === "terminate") {
        const batchState = async () =>
          (
            await db.query<{ sent: number; at_wallet_once: number; at_wallet_twice: number; paid: number }>(
              `select count(i.transaction_id)::int as sent,
               count(*) filter (where (select count(*) from sandbox_wallet.transactions w where w.external_reference = i.external_reference) = 1)::int as at_wallet_once,
               count(*) filter (where (select count(*) from sandbox_wallet.transactions w where w.external_reference = i.external_reference) > 1)::int as at_wallet_twice,
               count(*) filter (where t.status = 'SUCCEED')::int as paid
             from cash_out_request_items i left join transactions t on t.id = i.transaction_id
             where i.idempotency_key like $1`,
              [`${batchReference}-%`],
            )
          ).rows[0]!;
        await expect.poll(async () => (await batchState()).paid, { timeout: 90_000, intervals: [1_000] }).toBe(batchRows);
        expect(await batchState()).toEqual({ sent: batchRows, at_wallet_once: batchRows, at_wallet_twice: 0, paid: batchRows });
        mark(`checked: the bulk batch's ${batchRows} rows sent once each and paid`);
      }

      // Live state: the stream on the surviving instance followed its transaction to the end; the one
      // on the stopped instance ended with it (cut by a kill, closed by a SIGTERM).
      const survivor = streamsBefore[0]!;
      await survivor.done;
      expect(survivor.states.at(-1)?.status).toBe(inStorm[1]!.final);
      streamsBefore[1]!.close();

      // Both instances now push the same changes: streams opened on each, then the watched
      // transactions' final callbacks sent through the proxy.
      const streams = await Promise.all(
        watched.flatMap((row) => info.instanceUrls.map(async (url) => ({ row, stream: await openStatusStream(url, row.id, cookie) }))),
      );
      await expect.poll(() => streams.every(({ stream }) => stream.states.length > 0)).toBe(true);
      expect(streams.map(({ stream }) => stream.states[0]?.status)).toEqual(Array(streams.length).fill("PENDING"));
      for (const row of watched) {
        const response = await postWithRetries(
          callbackUrl(info.proxyUrl, info.callbackSecret, row.id),
          {
            method: "POST",
            headers: { "content-type": "application/json", "x-callback-log-id": randomUUID() },
            body: JSON.stringify(snapshot(row, row.final)),
          },
          stats,
        );
        expect(response.status).toBe(200);
      }
      // Pushed (NOTIFY on one instance's commit, LISTEN on each), not found by a stream's 30-s recheck.
      const pushed = await Promise.race([
        Promise.all(streams.map(({ stream }) => stream.done)).then(() => true),
        sleep(15_000).then(() => false),
      ]);
      expect(pushed, "every stream received its final state within 15 s").toBe(true);
      expect(streams.map(({ stream }) => stream.states.at(-1)?.status)).toEqual(streams.map(({ row }) => row.final));

      // And the ledger's status endpoint answers the same on both instances.
      const sample = inStorm.slice(0, 50).map((row) => row.id);
      const answers = await Promise.all(
        info.instanceUrls.map(async (url) => {
          const response = await fetch(`${url}/api/transactions/statuses?ids=${sample.join(",")}`, { headers: { cookie } });
          expect(response.status).toBe(200);
          const body = (await response.json()) as { statuses: Array<{ id: string; status: string }> };
          return Object.fromEntries(body.statuses.map((entry) => [entry.id, entry.status]));
        }),
      );
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]).toEqual(Object.fromEntries(inStorm.slice(0, 50).map((row) => [row.id, row.final])));
      mark("checked: both instances serve the same live state");
      await page.context().close();
    } finally {
      await db.end();
      test.info().annotations.push({ type: "timings", description: timings.join("; ") });
    }
  });
}
