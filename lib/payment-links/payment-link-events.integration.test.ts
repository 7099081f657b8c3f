// Payment links in the event outbox (migration 0020's triggers), on PGlite and PostgreSQL: created,
// changed, switched off and on again, each one event whose payload is the catalogue's; a visit is
// no event; a charge made through a link carries the link's id in its charge.* payloads.
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPaymentLinkVisit } from "@/lib/db/queries/payment-links";
import { events, transactions } from "@/lib/db/schema";
import { chargeData, eventDataSchemas } from "@/lib/events/catalogue";
import { createPaymentLink, editPaymentLink, switchPaymentLink } from "@/lib/payment-links/manage-payment-links";
import type { EventType } from "@/lib/vocabulary/event-types";
import { testConfig } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

const config = testConfig();
const operator = { id: "operator-1", email: "finance@example.com" };
const settings = {
  name: "Feira",
  description: "Banca de domingo",
  amountCents: 2_500,
  minAmountCents: null,
  maxAmountCents: null,
  maxPaidCharges: null,
  endsAt: null,
  chargeExpiryMinutes: 30,
  returnUrl: null,
  inactiveMessage: null,
};
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const eventsOf = (subjectId: string) =>
  database.db.select().from(events).where(eq(events.subjectId, subjectId)).orderBy(asc(events.position));

/** The payload as a receiver reads it (through JSON), checked against the catalogue. */
function parsed(event: { type: string; data: unknown }) {
  const result = eventDataSchemas[event.type as EventType].safeParse(JSON.parse(JSON.stringify(event.data)));
  expect(result.error).toBeUndefined();
  return result.data as Record<string, unknown>;
}

describe("payment_link.* events", () => {
  it("records created, updated, deactivated and updated again, and nothing for a visit", async () => {
    const created = await createPaymentLink(database.db, config, operator, settings);
    if (!created.ok) throw new Error(created.error);
    const id = created.link.id;
    await countPaymentLinkVisit(database.db, id);
    expect(
      await editPaymentLink(database.db, config, operator, id, { ...settings, amountCents: 3_000 }, merchantWideScope()),
    ).toMatchObject({ ok: true });
    expect(await switchPaymentLink(database.db, operator, id, false, merchantWideScope())).toMatchObject({ ok: true });
    expect(await switchPaymentLink(database.db, operator, id, true, merchantWideScope())).toMatchObject({ ok: true });

    const recorded = await eventsOf(id);
    expect(recorded.map((event) => [event.type, event.subjectType])).toEqual([
      ["payment_link.created", "payment_link"],
      ["payment_link.updated", "payment_link"],
      ["payment_link.deactivated", "payment_link"],
      ["payment_link.updated", "payment_link"],
    ]);
    const payloads = recorded.map(parsed);
    expect(payloads[0]).toMatchObject({ id, slug: created.link.slug, name: "Feira", amountCents: 2_500, active: true });
    expect(payloads[1]).toMatchObject({ amountCents: 3_000, active: true });
    expect(payloads[2]).toMatchObject({ active: false });
    expect(payloads[3]).toMatchObject({ active: true });
    // The visit counter is not in the payload: the link's settings are.
    expect(payloads[0]).not.toHaveProperty("visits");
  });

  it("puts the link's id in the payloads of the charges it made, and null in the others", async () => {
    const created = await createPaymentLink(database.db, config, operator, settings);
    if (!created.ok) throw new Error(created.error);
    const [throughLink, direct] = await database.db
      .insert(transactions)
      .values([
        {
          kind: "CASH_IN",
          creationState: "created",
          status: "PENDING",
          amountCents: 2_500,
          paymentLinkId: created.link.id,
          idempotencyKey: randomUUID(),
        },
        { kind: "CASH_IN", creationState: "created", status: "PENDING", amountCents: 900, idempotencyKey: randomUUID() },
      ])
      .returning();
    await database.db.update(transactions).set({ status: "SUCCEED" }).where(eq(transactions.id, throughLink!.id));
    const linkEvents = await eventsOf(throughLink!.id);
    expect(linkEvents.map((event) => event.type)).toEqual(["charge.created", "charge.paid"]);
    for (const event of linkEvents) expect(chargeData.parse(JSON.parse(JSON.stringify(event.data))).paymentLinkId).toBe(created.link.id);
    const [directCreated] = await database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, direct!.id), eq(events.type, "charge.created")));
    expect(parsed(directCreated!).paymentLinkId).toBeNull();
  });
});
