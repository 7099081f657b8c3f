// When a transaction's personal fields were anonymised (the retention job or a person's erasure,
// lib/personal-data/): its detail page says so beside the emptied field.
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { anonymisedTransactions } from "@/lib/db/schema";

export async function findAnonymisedAt(db: Database, transactionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ anonymisedAt: anonymisedTransactions.anonymisedAt })
    .from(anonymisedTransactions)
    .where(eq(anonymisedTransactions.transactionId, transactionId));
  return row?.anonymisedAt;
}
