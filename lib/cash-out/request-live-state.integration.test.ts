// The approvals pages follow a request live: its stream pushes the decision when it is made (the
// decision publishes a live event in its own database transaction), with what the page shows of
// it (who decided, when, why: the page renders nothing again), and the list's stream pushes both
// of its tables when any request changes. Called as the server would, with a real session and database.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as requestEvents } from "@/app/api/cash-out-requests/[id]/events/route";
import { GET as requestState } from "@/app/api/cash-out-requests/[id]/state/route";
import { GET as listEvents } from "@/app/api/cash-out-requests/events/route";
import { cancelCashOutRequest, rejectCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { cashOutRequests, user } from "@/lib/db/schema";
import { createOperatorSession, installTestRuntime, requestState as harnessRequest } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

let database: TestDatabase;
let adminHeaders: Headers;
let requester: { id: string; email: string };
let approver: { id: string; email: string };

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  adminHeaders = await createOperatorSession(auth, { email: "lead@example.com", role: "admin" });
  await createOperatorSession(auth, { email: "asker@example.com", role: "finance" });
  const find = async (email: string) =>
    (await database.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email)))[0]!;
  requester = await find("asker@example.com");
  approver = await find("lead@example.com");
});
afterAll(async () => {
  harnessRequest.headers = new Headers();
  await database?.dispose();
});

async function newRequest(): Promise<string> {
  const [row] = await database.db
    .insert(cashOutRequests)
    .values({
      kind: "single",
      idempotencyKey: randomUUID(),
      totalCents: 150_000,
      itemCount: 1,
      requestedByUserId: requester.id,
      requestedByEmail: requester.email,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: cashOutRequests.id });
  return row!.id;
}

/** Reads server-sent `data:` messages from a stream until one satisfies `until`. */
async function readUntil(response: Response, until: (data: Record<string, unknown>) => boolean): Promise<Array<Record<string, unknown>>> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: Array<Record<string, unknown>> = [];
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return seen;
      buffered += decoder.decode(value, { stream: true });
      for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (!message.startsWith("data: ")) continue;
        const data = JSON.parse(message.slice(6)) as Record<string, unknown>;
        seen.push(data);
        if (until(data)) return seen;
      }
    }
  } finally {
    await reader.cancel();
  }
}

describe("a cash-out request followed live", () => {
  it("pushes the decision to the request's stream as it is made, and the state route agrees", async () => {
    const id = await newRequest();
    harnessRequest.headers = adminHeaders;
    const stream = await requestEvents(new Request(`http://localhost:3999/api/cash-out-requests/${id}/events`), {
      params: Promise.resolve({ id }),
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    let first: Record<string, unknown> | undefined;
    const messages = readUntil(stream, (data) => {
      first ??= data;
      return data.state === "rejected";
    });
    // The state as the page opened it arrives before the decision is made.
    await expect.poll(() => first).toBeDefined();
    await rejectCashOutRequest({ db: database.db }, { ...approver, storeGrants: merchantWideScope() }, id, "Wrong supplier");
    const seen = await messages;
    expect(seen[0]).toMatchObject({ state: "awaiting_approval", done: false, decidedByEmail: null, decisionReason: null });
    expect(seen.at(-1)).toMatchObject({
      state: "rejected",
      done: true,
      decidedByEmail: approver.email,
      decisionReason: "Wrong supplier",
      transactionId: null,
      rowResults: [],
    });
    expect(Number.isNaN(Date.parse(seen.at(-1)!.decidedAt as string))).toBe(false);
    const state = await requestState(new Request(`http://localhost:3999/api/cash-out-requests/${id}/state`), {
      params: Promise.resolve({ id }),
    });
    expect(await state.json()).toMatchObject({ state: "rejected", done: true });
  });

  it("pushes a new summary to the list's stream when any request changes", async () => {
    const id = await newRequest();
    harnessRequest.headers = adminHeaders;
    const stream = await listEvents(new Request("http://localhost:3999/api/cash-out-requests/events"));
    let first: Record<string, unknown> | undefined;
    const messages = readUntil(stream, (data) => {
      first ??= data;
      const ids = (list: unknown) => (list as Array<{ id: string }>).map((request) => request.id);
      return data !== first && !ids(data.awaiting).includes(id) && ids(data.decided).includes(id);
    });
    // The first summary arrives before the change is made.
    await expect.poll(() => first).toBeDefined();
    await cancelCashOutRequest({ db: database.db }, { ...requester, storeGrants: merchantWideScope() }, id);
    const seen = await messages;
    expect(seen.length).toBeGreaterThanOrEqual(2);
    // The list's first state had it awaiting; the pushed one has it decided, as the table shows it.
    expect((first!.awaiting as Array<{ id: string }>).some((request) => request.id === id)).toBe(true);
    const decided = (seen.at(-1)!.decided as Array<{ id: string; state: string; requestedByEmail: string }>).find(
      (request) => request.id === id,
    );
    expect(decided).toMatchObject({ state: "cancelled", requestedByEmail: requester.email });
  });

  it("answers 404 for an unknown request and 401 without a session", async () => {
    const id = randomUUID();
    harnessRequest.headers = adminHeaders;
    expect((await requestState(new Request("http://localhost:3999/x"), { params: Promise.resolve({ id }) })).status).toBe(404);
    harnessRequest.headers = new Headers();
    expect((await requestEvents(new Request("http://localhost:3999/x"), { params: Promise.resolve({ id }) })).status).toBe(401);
  });
});
