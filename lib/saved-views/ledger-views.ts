// The operator's saved views of the Transactions list, each read again by the list's own parser
// (lib/schemas/ledger-filters.ts) when listed: an outdated or altered query is marked (no link)
// rather than opened or failing the page.
import type { Database } from "@/lib/db/client";
import { listSavedViews } from "@/lib/db/queries/saved-views";
import { ledgerViewQuery } from "@/lib/schemas/ledger-filters";
import type { SavedViewEntry } from "@/lib/vocabulary/saved-views";

export async function listLedgerViews(db: Database, userId: string, now: Date = new Date()): Promise<SavedViewEntry[]> {
  const views = await listSavedViews(db, { userId, list: "transactions" });
  return views.map((view) => ({ id: view.id, name: view.name, query: ledgerViewQuery(view.query, now) ?? null }));
}
