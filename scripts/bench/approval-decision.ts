// How soon a requester sees the decision on their cash-out request (issue #30: within 1 s, p95):
// the requester (a finance operator) has the request's page open in Chromium; a second operator
// (an admin: approvals need four eyes) approves or rejects it through the server action, called
// over HTTP as the page's button calls it; the figure is the time from the decision's commit (the
// request's decidedAt, set in the deciding transaction: a little before its commit, and for an
// approval before the send is claimed in the same transaction, so the figure errs long) to the
// requester's badge showing it.
// The page learns it through the query cache (components/live/use-live-query.ts): the request's
// event stream pushes the new state, which carries the decision (who, when, why), and the page's
// live parts (components/approvals/live-request.tsx) show it: no server render after the push. The
// figure is taken when the page shows the whole decision: the badge changed and "Decided by" there.
//
// Baseline, measured in turns in the same run, on the same server, page and browser: a charge's
// "Paid" reaching its open page (scripts/benchmark-live-status.ts's live stream), timed from the
// callback applied (statusChangedAt). Same hook, same stream machinery, the path issue #30 names as
// the one that works (~100 ms); the ratio says what the request's page costs beyond it. With `polling`, the approvals page with its stream cut (the
// hook's polling fallback) is measured too, to show what a requester sees while the stream is down.
//
// The event delivery log (issue #47: an attempt shows in the open log within 1 s), measured in the
// same turns: the approver (an admin) has an endpoint's page open (/settings/events/<id>, whose
// log, components/events/event-delivery-log.tsx, is query data polled every 500 ms: the delivery
// worker has no stream); the bench sends it a test event through the "Send test event" action; a
// local receiver answers every delivery 418 and notes when it finished answering each test event;
// the figure is from that answer to the row with the event, "endpoint.test" and "HTTP 418" shown.
// The endpoint is seeded in the database before the start (as bench:day seeds its own), subscribed
// only to an event this bench never causes: the log holds nothing but the test events.
//
//   npx next build   # once: the benchmark serves the production build
//   npm run bench:approval-decision -- [--quick] [--decisions 30] [--deliveries 10] [--port 3330] [--postgres] [--no-polling] [--verbose]
//   (--postgres needs BENCH_DATABASE_URL; it measures PostgreSQL's LISTEN/NOTIFY instead of PGlite's)
//
// `run(options)` returns the rows for `npm run bench` and docs/benchmarks.md.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { cashOutRequestItems, cashOutRequests, user } from "@/lib/db/schema";
import { createEventEndpoint } from "@/lib/events/endpoints";
import { secretBoxFor } from "@/lib/events/secret-box";
import { testEventType } from "@/lib/vocabulary/event-types";
import { findAction } from "../../e2e/support/server-actions";
import {
  benchChargeInput,
  hasFlag,
  isMainModule,
  numberOption,
  percentile,
  type Server,
  startDashboardServer,
  textOption,
} from "../support/bench";
import type { BenchRow } from "../support/bench-report";
import { benchPassword, cookieHeader, type DatabaseKind, freshDatabase, seedSignedInOperators } from "./support";

const root = path.resolve(import.meta.dirname, "../..");

export type ApprovalDecisionOptions = {
  /** Decisions measured, half approvals and half rejections (in turns); as many charges for the baseline. */
  decisions?: number;
  /** Test events measured on the open delivery log (a third of the decisions, at least 10), in the same turns. */
  deliveries?: number;
  quick?: boolean;
  port?: number;
  kind?: DatabaseKind;
  /** Needed for kind "postgres": a server whose user may create databases. */
  postgresUrl?: string;
  /** Also measure the approvals page with its event stream cut (the polling fallback). */
  polling?: boolean;
  /** Print each decision's timings (request → commit, commit → pushed, commit → badge). */
  verbose?: boolean;
  log?: (line: string) => void;
};

type Sample = {
  /** From the commit (decidedAt / statusChangedAt) to the badge changing on the watching page. */
  fromCommit: number;
  /** From the decider's request leaving (the approver's click) to the badge changing. */
  fromRequest: number;
  /** From the commit to the stream's message reaching the page (undefined with the stream cut). */
  pushed?: number;
};

// The two scripts below run in the page, passed as text: tsx names the functions it compiles with
// a helper (`__name`) that does not exist in the browser. (The waits below pass unnamed arrows:
// the page's CSP forbids evaluating text there.)

/** Records on the page when each server-sent message arrives (window.benchMarks.messages). */
const instrumentPage = `
  window.benchMarks = { messages: [] };
  const Original = window.EventSource;
  window.EventSource = class extends Original {
    constructor(url, init) {
      super(url, init);
      this.addEventListener("message", (event) => window.benchMarks.messages.push({ url: String(url), at: Date.now(), data: event.data }));
    }
  };
`;

/**
 * Notes (Date.now(): the server's clock, on this machine) when the element at `selector` stops
 * showing `initial`, and, with `alsoShown`, that element is on the page too.
 */
async function noteChange(page: Page, selector: string, initial: string, alsoShown?: string) {
  await page.evaluate(`(() => {
    const watched = ${JSON.stringify(selector)};
    const before = ${JSON.stringify(initial)};
    const also = ${JSON.stringify(alsoShown ?? null)};
    const marks = window.benchMarks;
    const observer = new MutationObserver(() => {
      const text = document.querySelector(watched)?.textContent ?? "";
      if (text && text !== before && (also === null || document.querySelector(also)) && marks.changedAt === undefined) {
        marks.changedAt = Date.now();
        marks.changedTo = text;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
}

/**
 * Notes (Date.now(), window.benchLog) when the delivery log first shows a row for a test event not
 * in `known` (event ids) with an attempt answered 418, and which event it was.
 */
async function noteDeliveryRow(page: Page, known: string[]) {
  await page.evaluate(`(() => {
    const known = new Set(${JSON.stringify(known)});
    const marks = (window.benchLog = {});
    const look = () => {
      for (const row of document.querySelectorAll('[data-testid="event-delivery"]')) {
        const text = row.textContent ?? "";
        const eventId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(text)?.[0];
        if (eventId && !known.has(eventId) && text.includes(${JSON.stringify(testEventType)}) && text.includes("HTTP 418")) return eventId;
      }
    };
    const observer = new MutationObserver(() => {
      const eventId = look();
      if (eventId && marks.shownAt === undefined) {
        marks.shownAt = Date.now();
        marks.eventId = eventId;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** How often the open delivery log polls (components/events/event-delivery-log.tsx). */
const logPollMs = 500;

/** The round trips (ms) of the log's polls so far on this page, from its resource timing. */
const pollRoundTrips = (page: Page, endpointId: string) =>
  page.evaluate(
    `performance.getEntriesByType("resource").filter((entry) => entry.name.includes(${JSON.stringify(`/api/events/endpoints/${endpointId}/deliveries`)})).map((entry) => entry.responseEnd - entry.startTime)`,
  ) as Promise<number[]>;

type PageMarks = { messages: Array<{ url: string; at: number; data: string }>; changedAt?: number; changedTo?: string };
const marksOf = (page: Page) => page.evaluate("window.benchMarks") as Promise<PageMarks>;

function summary(samples: number[]): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, max ${ms(Math.max(...samples))}`;
}

export async function run(options: ApprovalDecisionOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? console.log;
  const decisions = options.decisions ?? (options.quick ? 30 : 100);
  const pollingRuns = Math.max(4, Math.round(decisions / 5));
  const deliveries = options.deliveries ?? Math.max(10, Math.round(decisions / 3));
  const measurePolling = options.polling ?? true;
  const kind = options.kind ?? "pglite";
  const port = options.port ?? 3330;
  const origin = `http://127.0.0.1:${port}`;
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")))
    throw new Error("approval-decision serves the production build: run `npx next build` first");
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), "bench-approval-"));
  const database = await freshDatabase(kind, "approval", options.postgresUrl);
  const secrets = { appUrl: origin, authSecret: randomBytes(32).toString("hex"), callbackSecret: randomBytes(32).toString("hex") };
  const walletToken = `sbx_${randomBytes(16).toString("hex")}`;
  // The endpoint's receiver: answers every delivery 418 (a retry too) and notes when it finished
  // answering each test event the first time (by its webhook-id, the event's id).
  const answeredAt = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const eventId = String(request.headers["webhook-id"]);
      const isTest = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string }).type === testEventType;
      response.writeHead(418).end("teapot", () => {
        if (isTest && !answeredAt.has(eventId)) answeredAt.set(eventId, Date.now());
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench-events`;

  // Seeded before the server starts (PGlite is one process's): the requester and the approver (no
  // second factor: the benchmark measures the live path, not sign-in), the requests to decide, and
  // the event endpoint.
  const requestIds: string[] = [];
  let endpointId = "";
  const operators = { requester: "requester@bench.example", approver: "approver@bench.example" };
  let cookies = { requester: "", approver: "" };
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    const connection = await database.connect();
    try {
      await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
      cookies = await seedSignedInOperators(connection.db, secrets, {
        requester: { name: "Bench requester", email: operators.requester, role: "finance" },
        approver: { name: "Bench approver", email: operators.approver, role: "admin" },
      });
      ({ id: endpointId } = await createEventEndpoint(
        connection.db,
        secretBoxFor(secrets.authSecret),
        { allowPrivateAddresses: true },
        { url: receiverUrl, description: "bench delivery log", eventTypes: ["payment_link.deactivated"], enabled: true },
        operators.approver,
      ));
      const [requester] = await connection.db.select({ id: user.id }).from(user).where(eq(user.email, operators.requester));
      // Each decision and each polling run gets its own request, plus one to warm the page up.
      for (let index = 0; index < decisions + (measurePolling ? pollingRuns : 0) + 1; index++) {
        const [request] = await connection.db
          .insert(cashOutRequests)
          .values({
            kind: "single",
            idempotencyKey: randomUUID(),
            totalCents: 150_000,
            itemCount: 1,
            requestedByUserId: requester!.id,
            requestedByEmail: operators.requester,
            expiresAt: new Date(Date.now() + 6 * 3_600_000),
          })
          .returning({ id: cashOutRequests.id });
        await connection.db.insert(cashOutRequestItems).values({
          requestId: request!.id,
          line: 1,
          amountCents: 150_000,
          pixKeyType: "EMAIL",
          pixKey: `supplier${index}@bench.example`,
          idempotencyKey: randomUUID(),
        });
        requestIds.push(request!.id);
      }
    } finally {
      await connection.close();
    }

    server = await startDashboardServer({
      cwd: root,
      port,
      databaseEnv: database.env,
      origin,
      secrets,
      walletToken,
      secretsDir,
      extraEnv: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" },
    });
    const actions = {
      stepUp: findAction("stepUpAction"),
      approve: findAction("approveCashOutRequestAction"),
      reject: findAction("rejectCashOutRequestAction"),
      createCharge: findAction("createCashInAction"),
      simulatePayment: findAction("simulatePaymentAction"),
      sendTestEvent: findAction("sendTestEventAction"),
    };
    /** Calls a server action as its form does; returns the RSC text (the action's result inside). */
    const callAction = async (action: { id: string; path: string }, cookie: string, args: unknown) => {
      const response = await fetch(`${origin}${action.path}`, {
        method: "POST",
        headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", origin, accept: "text/x-component", cookie },
        body: JSON.stringify([args]),
        redirect: "manual",
      });
      return { text: await response.text(), setCookies: response.headers.getSetCookie() };
    };
    // Deciding moves money: the approver proves it is them (the password, having no second factor)
    // for the next 5 minutes; the step-up gives the session a new token.
    let steppedUpAt = 0;
    const stepUpApprover = async () => {
      if (Date.now() - steppedUpAt < 4 * 60_000) return;
      const { text, setCookies } = await callAction(actions.stepUp, cookies.approver, { method: "password", code: benchPassword });
      if (!text.includes('"ok":true')) throw new Error(`the approver's step-up failed: ${text.slice(0, 300)}`);
      const renewed = new Map(cookies.approver.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const));
      for (const pair of cookieHeader(setCookies).split("; ").filter(Boolean)) renewed.set(pair.split("=")[0]!, pair);
      cookies.approver = [...renewed.values()].join("; ");
      steppedUpAt = Date.now();
    };
    const getJson = async <T>(pathname: string, cookie: string): Promise<T> => {
      const response = await fetch(`${origin}${pathname}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
      return (await response.json()) as T;
    };

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    const browserCookies = (header: string) =>
      header.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: origin };
      });
    const context: BrowserContext = await browser.newContext({ baseURL: origin, locale: "en-US" });
    await context.addCookies(browserCookies(cookies.requester));
    await context.addInitScript(instrumentPage);
    const requesterPage = await context.newPage();
    // The approver's own browser, for the endpoint's page (its cookies follow each step-up's new token).
    const adminContext: BrowserContext = await browser.newContext({ baseURL: origin, locale: "en-US" });
    const adminPage = await adminContext.newPage();

    /** Opens `pathname` on the requester's page and waits for the badge and (unless cut) the stream's first message. */
    const openWatched = async (pathname: string, selector: string, eventsPattern: RegExp | undefined, alsoShown?: string) => {
      await requesterPage.goto(pathname);
      await requesterPage.waitForSelector(selector);
      // The stream has subscribed once its first message (the state as opened) has arrived.
      if (eventsPattern)
        await requesterPage.waitForFunction(
          (pattern) =>
            (window as unknown as { benchMarks: PageMarks }).benchMarks.messages.some((message) => new RegExp(pattern).test(message.url)),
          eventsPattern.source,
        );
      const initial = (await requesterPage.textContent(selector)) ?? "";
      await noteChange(requesterPage, selector, initial, alsoShown);
      return initial;
    };
    const waitForChange = async () => {
      await requesterPage.waitForFunction(() => (window as unknown as { benchMarks: PageMarks }).benchMarks.changedAt !== undefined, null, {
        timeout: 60_000,
      });
      return marksOf(requesterPage);
    };

    /** One decision on a request the requester is watching. */
    const decideOnce = async (requestId: string, decision: "approve" | "reject", streamCut: boolean): Promise<Sample> => {
      await stepUpApprover();
      const eventsPattern = new RegExp(`/api/cash-out-requests/${requestId}/events`);
      await openWatched(
        `/approvals/${requestId}`,
        '[data-testid="request-state"]',
        streamCut ? undefined : eventsPattern,
        '[data-testid="request-decided-by"]',
      );
      const sentAt = Date.now();
      const { text } =
        decision === "approve"
          ? await callAction(actions.approve, cookies.approver, { requestId })
          : await callAction(actions.reject, cookies.approver, { requestId, reason: "Wrong supplier account" });
      if (!text.includes('"ok":true')) throw new Error(`the ${decision} action failed: ${text.slice(0, 300)}`);
      const marks = await waitForChange();
      const expected = decision === "approve" ? "Approved" : "Rejected";
      if (marks.changedTo !== expected) throw new Error(`the requester's badge showed "${marks.changedTo}", not "${expected}"`);
      const request = await getJson<{ decidedAt: string | null }>(`/api/cash-out-requests/${requestId}/state`, cookies.approver);
      const committedAt = new Date(request.decidedAt!).getTime();
      const pushedMessage = marks.messages.find(
        (message) => eventsPattern.test(message.url) && message.data.includes(`"state":"${expected.toLowerCase()}"`),
      );
      if (options.verbose)
        log(
          `    ${decision}: request → commit ${committedAt - sentAt} ms; from the commit: pushed ${pushedMessage ? pushedMessage.at - committedAt : "–"} ms, badge ${marks.changedAt! - committedAt} ms`,
        );
      return {
        fromCommit: marks.changedAt! - committedAt,
        fromRequest: marks.changedAt! - sentAt,
        pushed: pushedMessage ? pushedMessage.at - committedAt : undefined,
      };
    };

    /** The baseline: a new charge's "Paid" on its open page, paid by the approver's "Simulate payment". */
    const chargeOnce = async (): Promise<Sample> => {
      const created = await callAction(actions.createCharge, cookies.requester, benchChargeInput());
      const transactionId = /"transactionId":"([0-9a-f-]{36})"/.exec(created.text)?.[1];
      if (!transactionId) throw new Error(`the cash-in action did not create a charge: ${created.text.slice(0, 300)}`);
      const eventsPattern = new RegExp(`/api/transactions/${transactionId}/events`);
      await openWatched(`/cash-in/${transactionId}`, '[data-testid="live-status"] [data-status]', eventsPattern);
      const sentAt = Date.now();
      const { text } = await callAction(actions.simulatePayment, cookies.approver, { transactionId });
      if (!text.includes('"ok":true')) throw new Error(`the simulated payment failed: ${text.slice(0, 300)}`);
      const marks = await waitForChange();
      if (marks.changedTo !== "Paid") throw new Error(`the charge's badge showed "${marks.changedTo}", not "Paid"`);
      const status = await getJson<{ statusChangedAt: string }>(`/api/transactions/${transactionId}/status`, cookies.requester);
      const committedAt = new Date(status.statusChangedAt).getTime();
      const pushedMessage = marks.messages.find((message) => eventsPattern.test(message.url) && message.data.includes("SUCCEED"));
      return {
        fromCommit: marks.changedAt! - committedAt,
        fromRequest: marks.changedAt! - sentAt,
        pushed: pushedMessage ? pushedMessage.at - committedAt : undefined,
      };
    };

    /**
     * One test event to the endpoint whose page the approver has open: from the receiver's answer
     * to the log's row showing it; with the page's poll round trips meanwhile. The page is left
     * after it (about:blank), so its polls do not load the other measures.
     */
    const sentEvents: string[] = [];
    const deliveryOnce = async (): Promise<{ shown: number; polls: number[] }> => {
      await stepUpApprover();
      await adminContext.addCookies(browserCookies(cookies.approver));
      const logPath = `/api/events/endpoints/${endpointId}/deliveries`;
      // Open, hydrated and polling: the log's query has answered once.
      const polled = adminPage.waitForResponse((response) => response.url().includes(logPath) && response.ok());
      await adminPage.goto(`/settings/events/${endpointId}`);
      await polled;
      // A delivery lands at any moment of the poll's cycle: sent right after a poll, every attempt
      // would wait nearly a whole interval (a first run here: all ten within 310–514 ms).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * logPollMs));
      await noteDeliveryRow(adminPage, sentEvents);
      const { text } = await callAction(actions.sendTestEvent, cookies.approver, { endpointId });
      const eventId = /"eventId":"([0-9a-f-]{36})"/.exec(text)?.[1];
      if (!eventId) throw new Error(`the test event was not sent: ${text.slice(0, 300)}`);
      sentEvents.push(eventId);
      await adminPage.waitForFunction(
        () => (window as unknown as { benchLog: { shownAt?: number } }).benchLog.shownAt !== undefined,
        null,
        {
          timeout: 60_000,
        },
      );
      const marks = (await adminPage.evaluate("window.benchLog")) as { shownAt: number; eventId: string };
      if (marks.eventId !== eventId) throw new Error(`the log showed event ${marks.eventId}, not the one sent (${eventId})`);
      const answered = answeredAt.get(eventId);
      if (answered === undefined) throw new Error(`the log showed event ${eventId} before the receiver had answered it`);
      const polls = await pollRoundTrips(adminPage, endpointId);
      await adminPage.goto("about:blank");
      if (options.verbose) log(`    test event: answered → shown ${marks.shownAt - answered} ms`);
      return { shown: marks.shownAt - answered, polls };
    };

    const pending = [...requestIds];
    // Warm-up, not counted: the first render of each page and the first stream after the start.
    await chargeOnce();
    await decideOnce(pending.shift()!, "approve", false);
    await deliveryOnce();

    const approvals: Sample[] = [];
    const rejections: Sample[] = [];
    const charges: Sample[] = [];
    const delivered: Array<{ shown: number; polls: number[] }> = [];
    // In turns (charge, decision, charge, decision…, a test event every third or so): the
    // machine's load drifts over a run, and the figures and their baseline see the same moments.
    for (let index = 0; index < decisions; index++) {
      charges.push(await chargeOnce());
      const decision = index % 2 === 0 ? "approve" : "reject";
      (decision === "approve" ? approvals : rejections).push(await decideOnce(pending.shift()!, decision, false));
      while (delivered.length < Math.floor(((index + 1) * deliveries) / decisions)) delivered.push(await deliveryOnce());
    }
    const polled: Sample[] = [];
    if (measurePolling) {
      // The stream refused, as a proxy that drops it would: the hook polls (500 ms, then every second).
      await requesterPage.route(/\/api\/cash-out-requests\/[^/]+\/events$/, (route) => route.abort());
      for (let index = 0; index < pollingRuns; index++)
        polled.push(await decideOnce(pending.shift()!, index % 2 === 0 ? "approve" : "reject", true));
      await requesterPage.unroute(/\/api\/cash-out-requests\/[^/]+\/events$/);
    }

    const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
    const fromCommit = (samples: Sample[]) => samples.map((sample) => sample.fromCommit);
    const pushed = (samples: Sample[]) => samples.flatMap((sample) => (sample.pushed === undefined ? [] : [sample.pushed]));
    const baseline = `charge "Paid" on its open page (live stream, in turns): ${summary(fromCommit(charges))} (${charges.length} charges)`;
    log(
      `  stream message reaches the page after the commit: approvals ${summary(pushed(approvals))}; rejections ${summary(pushed(rejections))}; charges ${summary(pushed(charges))}`,
    );
    log(
      `  from the approver's request leaving: approvals ${summary(approvals.map((sample) => sample.fromRequest))}; rejections ${summary(rejections.map((sample) => sample.fromRequest))}`,
    );
    const p95 = (samples: Sample[]) => percentile(fromCommit(samples), 95);
    const ratio = (samples: Sample[]) =>
      `p95 ×${(p95(samples) / p95(charges)).toFixed(1)} the charge's; goal p95 ≤ 1 s: ${p95(samples) <= 1_000 ? "met" : "NOT met"}`;
    // One p95 over every decision: with 15 of each, a p95 per kind would be its maximum.
    const decided = [...approvals, ...rejections];
    const median = (samples: Sample[]) => `${Math.round(percentile(fromCommit(samples), 50))} ms`;
    const rows: BenchRow[] = [
      {
        measure: `cash-out decision → requester's open request page (commit to badge and decider shown), ${label}`,
        figure: `${summary(fromCommit(decided))} (${decided.length} decisions; p50 ${median(approvals)} approving, ${median(rejections)} rejecting)`,
        baseline,
        ratio: ratio(decided),
      },
    ];
    if (delivered.length) {
      const shown = delivered.map((sample) => sample.shown);
      const polls = delivered.flatMap((sample) => sample.polls);
      rows.push({
        measure: `event delivery attempt → admin's open delivery log (polled every ${logPollMs} ms), ${label}`,
        figure: `${summary(shown)} (${delivered.length} test events, receiver's answer to row shown; the log's poll round trip ${summary(polls)} over ${polls.length} polls)`,
        baseline,
        ratio: `p95 ×${(percentile(shown, 95) / p95(charges)).toFixed(1)} the charge's; goal p95 ≤ 1 s: ${percentile(shown, 95) <= 1_000 ? "met" : "NOT met"}`,
      });
    }
    if (polled.length)
      rows.push({
        measure: `decision → requester's page with its stream cut (polling fallback), ${label}`,
        figure: `${summary(fromCommit(polled))} (${polled.length} decisions)`,
        baseline: `the same page streaming: ${summary(fromCommit(decided))}`,
        ratio: `p95 ×${(p95(polled) / p95(decided)).toFixed(1)} (polls at 500 ms, then every 1 s)`,
      });
    return rows;
  } finally {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver.close(resolve));
    await database.cleanup();
    rmSync(secretsDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({
    decisions: numberOption("decisions", hasFlag("quick") ? 30 : 100),
    deliveries: textOption("deliveries") === undefined ? undefined : numberOption("deliveries", 10),
    port: numberOption("port", 3330),
    kind: hasFlag("postgres") ? "postgres" : "pglite",
    postgresUrl: process.env.BENCH_DATABASE_URL,
    polling: !hasFlag("no-polling"),
    verbose: hasFlag("verbose"),
  });
  for (const row of rows) console.log(`${row.measure}\n  ${row.figure}\n  baseline: ${row.baseline}\n  ${row.ratio}`);
}
