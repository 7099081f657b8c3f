// The operator's remembered counter choice on a real database: saved when it changes, untouched
// (not even its time) when a charge repeats the last choice.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCounterPreference, saveCounterPreference } from "@/lib/db/queries/counters";
import { counterOperatorPreferences, counters, user } from "@/lib/db/schema";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let counterId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(user).values({ id: "operator-1", name: "Ana", email: "ana@example.com" });
  const [counter] = await database.db
    .insert(counters)
    .values({ name: "Till 1", defaultPayerName: "Counter", defaultPayerEmail: "till@example.com", defaultPayerDocument: "52998224725" })
    .returning({ id: counters.id });
  counterId = counter!.id;
});
afterAll(async () => {
  await database.dispose();
});

async function savedAt(): Promise<number> {
  const [row] = await database.db
    .select({ updatedAt: counterOperatorPreferences.updatedAt })
    .from(counterOperatorPreferences)
    .where(eq(counterOperatorPreferences.userId, "operator-1"));
  return row!.updatedAt.getTime();
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("saveCounterPreference", () => {
  it("remembers a first choice, a change, and no counter", async () => {
    expect(await findCounterPreference(database.db, "operator-1")).toBeNull();
    await saveCounterPreference(database.db, "operator-1", counterId);
    expect(await findCounterPreference(database.db, "operator-1")).toBe(counterId);
    await saveCounterPreference(database.db, "operator-1", null);
    expect(await findCounterPreference(database.db, "operator-1")).toBeNull();
  });

  it("writes nothing when the choice is the same as the last one", async () => {
    await saveCounterPreference(database.db, "operator-1", null);
    const first = await savedAt();
    await pause();
    await saveCounterPreference(database.db, "operator-1", null);
    expect(await savedAt()).toBe(first);

    await saveCounterPreference(database.db, "operator-1", counterId);
    const changed = await savedAt();
    expect(changed).toBeGreaterThan(first);
    await pause();
    await saveCounterPreference(database.db, "operator-1", counterId);
    expect(await savedAt()).toBe(changed);
    expect(await findCounterPreference(database.db, "operator-1")).toBe(counterId);
  });
});
