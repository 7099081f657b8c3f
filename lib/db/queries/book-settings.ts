// The books' settings: the wallet account's opening balance (its balance before the dashboard's
// first movement), set once by an admin and audited by the action that sets it.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { bookSettings } from "../schema";

export type OpeningBalance = { cents: number; setAt: Date | null; setByEmail: string | null };

/** The configured opening balance, or null while none was set (the books then start at zero). */
export async function findOpeningBalance(db: Database): Promise<OpeningBalance | null> {
  const [row] = await db.select().from(bookSettings).where(eq(bookSettings.id, 1));
  if (!row || row.openingBalanceCents === null) return null;
  return { cents: row.openingBalanceCents, setAt: row.openingBalanceSetAt, setByEmail: row.openingBalanceSetByEmail };
}

/** Sets the opening balance if none is set: true when this call set it, false when it was already set. */
export async function setOpeningBalanceOnce(db: Database, cents: number, byEmail: string): Promise<boolean> {
  const rows = await db
    .insert(bookSettings)
    .values({ id: 1, openingBalanceCents: cents, openingBalanceSetAt: sql`now()`, openingBalanceSetByEmail: byEmail })
    .onConflictDoUpdate({
      target: bookSettings.id,
      set: { openingBalanceCents: cents, openingBalanceSetAt: sql`now()`, openingBalanceSetByEmail: byEmail },
      setWhere: sql`${bookSettings.openingBalanceCents} is null`,
    })
    .returning({ id: bookSettings.id });
  return rows.length === 1;
}
