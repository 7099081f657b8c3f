// Puts a charge on a counter's displays: they switch to it at once (a live event per counter).
import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { counters } from "@/lib/db/schema";
import { publishCounterChange } from "@/lib/live/live-events";

export async function showChargeOnCounter(db: Database, counterId: string, transactionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(counters)
      .set({ currentTransactionId: transactionId, currentShownAt: new Date() })
      .where(eq(counters.id, counterId))
      .returning({ id: counters.id });
    if (!updated) return false;
    await publishCounterChange(tx, counterId);
    return true;
  });
}
