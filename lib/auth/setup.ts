// The one-time first-run setup: exists only until the first admin has been created.
import "server-only";
import { count, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { setupState, user } from "@/lib/db/schema";

export async function isSetupComplete(db: Database): Promise<boolean> {
  const [marker] = await db.select({ id: setupState.id }).from(setupState).limit(1);
  if (marker) return true;
  const [users] = await db.select({ value: count() }).from(user);
  return (users?.value ?? 0) > 0;
}

/** Claims the setup slot atomically; only one caller ever gets true. */
export async function claimSetup(db: Database): Promise<boolean> {
  const claimed = await db.insert(setupState).values({ id: 1 }).onConflictDoNothing().returning({ id: setupState.id });
  return claimed.length === 1;
}

export async function releaseSetupClaim(db: Database): Promise<void> {
  await db.delete(setupState).where(eq(setupState.id, 1));
}

export async function markSetupAdmin(db: Database, adminUserId: string): Promise<void> {
  await db.update(setupState).set({ adminUserId }).where(eq(setupState.id, 1));
}
