// Saved views of the Transactions list (issue #53), through the actions as a browser calls them:
// stored as the list's parser writes the query, per operator (another cannot list, rename or
// delete them), names unique whatever their case, a query with an invalid field refused on save
// and marked when listed (never an error), and the per-operator limit.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteSavedViewAction } from "@/lib/actions/delete-saved-view-action";
import { listLedgerViewsAction } from "@/lib/actions/list-ledger-views-action";
import { renameSavedViewAction } from "@/lib/actions/rename-saved-view-action";
import { saveLedgerViewAction } from "@/lib/actions/save-ledger-view-action";
import { createSavedView } from "@/lib/db/queries/saved-views";
import { savedViews, user } from "@/lib/db/schema";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { inEnglish } from "@/test/support/in-english";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let viewerHeaders: Headers;
let adminHeaders: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  viewerHeaders = await createOperatorSession(auth, { email: "viewer@example.com", role: "viewer" });
  adminHeaders = await createOperatorSession(auth, { email: "admin@example.com", role: "admin" });
});
afterAll(async () => {
  await database.dispose();
});

const list = async () => {
  const result = await listLedgerViewsAction({});
  if (!result.ok) throw new Error(result.error);
  return result.data;
};

describe("saved views of the Transactions list", () => {
  let viewId = "";

  it("save the list's query as its parser writes it, for the operator who saved it only", async () => {
    requestState.headers = viewerHeaders;
    const saved = await saveLedgerViewAction({
      name: "  Big  cash-outs ",
      query: "?kind=CASH_OUT&sort=-amount&cols=amount,status&cursor=x&utm=y",
    });
    expect(saved).toMatchObject({ ok: true, data: { name: "Big cash-outs", query: "kind=CASH_OUT&sort=-amount&cols=amount.status" } });
    viewId = saved.ok ? saved.data.id : "";
    expect(await list()).toEqual([{ id: viewId, name: "Big cash-outs", query: "kind=CASH_OUT&sort=-amount&cols=amount.status" }]);

    requestState.headers = adminHeaders;
    expect(await list()).toEqual([]);
    expect(inEnglish(await renameSavedViewAction({ id: viewId, name: "Mine now" }))).toMatchObject({
      ok: false,
      error: "That view no longer exists: reload the page.",
    });
    expect(await deleteSavedViewAction({ id: viewId })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
  });

  it("refuse a taken name (whatever its case), a long name and an invalid query, on their fields", async () => {
    requestState.headers = viewerHeaders;
    expect(inEnglish(await saveLedgerViewAction({ name: "BIG CASH-OUTS", query: "status=PENDING" }))).toMatchObject({
      ok: false,
      fieldErrors: { name: ["You already have a view named “BIG CASH-OUTS”: choose another name, or rename or delete that one."] },
    });
    expect(inEnglish(await saveLedgerViewAction({ name: "x".repeat(61), query: "status=PENDING" }))).toMatchObject({
      ok: false,
      fieldErrors: { name: ["A view's name can be at most 60 characters."] },
    });
    expect(inEnglish(await saveLedgerViewAction({ name: "Broken", query: "status=PAID&sort=sideways" }))).toMatchObject({
      ok: false,
      fieldErrors: { query: ["These filters cannot be saved: one of them is not valid. Correct the filters, then save."] },
    });
    expect(await list()).toHaveLength(1);
  });

  it("mark a stored query that no longer parses (outdated or altered) instead of linking it", async () => {
    await database.db.update(savedViews).set({ query: "status=PAID" }).where(eq(savedViews.id, viewId));
    requestState.headers = viewerHeaders;
    expect(await list()).toEqual([{ id: viewId, name: "Big cash-outs", query: null }]);
  });

  it("rename and delete for their owner", async () => {
    requestState.headers = viewerHeaders;
    expect(await renameSavedViewAction({ id: viewId, name: "big cash-outs" })).toMatchObject({ ok: true, data: { name: "big cash-outs" } });
    expect(await deleteSavedViewAction({ id: viewId })).toMatchObject({ ok: true });
    expect(await list()).toEqual([]);
  });

  it("keep at most the limit of views per operator", async () => {
    const [viewer] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "viewer@example.com"));
    const owner = { userId: viewer!.id, list: "transactions" as const, query: "" };
    expect(await createSavedView(database.db, { ...owner, name: "One" }, 2)).toMatchObject({ ok: true });
    expect(await createSavedView(database.db, { ...owner, name: "Two" }, 2)).toMatchObject({ ok: true });
    expect(await createSavedView(database.db, { ...owner, name: "Three" }, 2)).toEqual({ ok: false, reason: "limit" });
    expect((await list()).map((view) => view.name)).toEqual(["One", "Two"]);
  });
});
