// Saved views (issue #53): an operator's named query strings for a list. Only their owner lists,
// renames or deletes them; the per-list limit and the unique name (whatever its case) are checked
// under a lock on the operator's row, so two saves at once cannot pass the limit together.
import { and, asc, count, eq, like, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { savedViews, user } from "@/lib/db/schema";
import type { SavedView, SavedViewList } from "@/lib/vocabulary/saved-views";

type Owner = { userId: string; list: SavedViewList };

const viewColumns = { id: savedViews.id, name: savedViews.name, query: savedViews.query };
const sameName = (name: string) => sql`lower(${savedViews.name}) = lower(${name})`;
const ownedBy = (owner: Owner) => and(eq(savedViews.userId, owner.userId), eq(savedViews.list, owner.list));

/**
 * Runs `work` holding the lock on the owner's row (so two saves or renames at once are checked one
 * after the other), and says whether the owner has another view of that name on the list.
 */
function withOwnerLocked<T>(
  db: Database,
  owner: Owner & { name: string; id?: string },
  work: (tx: Pick<Database, "select" | "insert" | "update">, nameTaken: boolean) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.userId)).for("update");
    const [taken] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(ownedBy(owner), sameName(owner.name), owner.id ? ne(savedViews.id, owner.id) : undefined));
    return work(tx, Boolean(taken));
  });
}

export function listSavedViews(db: Database, owner: Owner): Promise<SavedView[]> {
  return db
    .select(viewColumns)
    .from(savedViews)
    .where(ownedBy(owner))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

export type SaveViewOutcome = { ok: true; view: SavedView } | { ok: false; reason: "limit" | "nameTaken" };

/** Saves a new view unless the operator already has `limit` views on the list, or one of that name. */
export function createSavedView(db: Database, owner: Owner & { name: string; query: string }, limit: number): Promise<SaveViewOutcome> {
  return withOwnerLocked(db, owner, async (tx, nameTaken) => {
    if (nameTaken) return { ok: false, reason: "nameTaken" } as const;
    const [held] = await tx.select({ n: count() }).from(savedViews).where(ownedBy(owner));
    if ((held?.n ?? 0) >= limit) return { ok: false, reason: "limit" } as const;
    const [view] = await tx.insert(savedViews).values(owner).returning(viewColumns);
    return { ok: true, view: view! } as const;
  });
}

export type RenameViewOutcome = { ok: true; view: SavedView } | { ok: false; reason: "notFound" | "nameTaken" };

/** Renames the operator's own view; another operator's id is not found. */
export function renameSavedView(db: Database, owner: Owner & { id: string; name: string }): Promise<RenameViewOutcome> {
  return withOwnerLocked(db, owner, async (tx, nameTaken) => {
    if (nameTaken) return { ok: false, reason: "nameTaken" } as const;
    const [view] = await tx
      .update(savedViews)
      .set({ name: owner.name, updatedAt: sql`now()` })
      .where(and(ownedBy(owner), eq(savedViews.id, owner.id)))
      .returning(viewColumns);
    return view ? ({ ok: true, view } as const) : ({ ok: false, reason: "notFound" } as const);
  });
}

/** Deletes the operator's own view; false when there is none of that id (or it is another's). */
export async function deleteSavedView(db: Database, owner: Owner & { id: string }): Promise<boolean> {
  const deleted = await db
    .delete(savedViews)
    .where(and(ownedBy(owner), eq(savedViews.id, owner.id)))
    .returning({ id: savedViews.id });
  return deleted.length > 0;
}

/** Every saved view whose query has a search term (any operator's): what a person's erasure reads. */
export function listSavedViewsWithSearch(db: Pick<Database, "select">): Promise<Array<{ id: string; query: string }>> {
  return db.select({ id: savedViews.id, query: savedViews.query }).from(savedViews).where(like(savedViews.query, "%q=%"));
}

/** Replaces a saved view's query (a person's erasure taking their search term out of it). */
export async function setSavedViewQuery(db: Pick<Database, "update">, id: string, query: string): Promise<void> {
  await db.update(savedViews).set({ query, updatedAt: sql`now()` }).where(eq(savedViews.id, id));
}
