// Pairing a display device with a counter: an admin shows a short one-time code (valid a few
// minutes); the device types it at /display and gets a long-lived display session.
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import type { Database } from "@/lib/db/client";
import { consumePairingCode } from "@/lib/db/queries/counters";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { counters, displayDevices, displayPairingCodes } from "@/lib/db/schema";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { publishCounterChange } from "@/lib/live/live-events";
import { newDisplaySessionToken, newPairingCode, pairingCodeLifetimeMs, sha256 } from "@/lib/displays/tokens";
import { normalizePairingCode } from "@/lib/vocabulary/pairing-code";

export async function issuePairingCode(
  db: Database,
  counterId: string,
  issuedBy: { id: string; email: string },
): Promise<{ code: string; expiresAt: Date }> {
  const code = newPairingCode();
  const expiresAt = new Date(Date.now() + pairingCodeLifetimeMs);
  await db.insert(displayPairingCodes).values({ counterId, codeHash: sha256(code), expiresAt, createdByUserId: issuedBy.id });
  await recordAuditEvent(db, {
    actor: issuedBy,
    action: "display.pairing_code",
    outcome: "success",
    target: { type: "counter", id: counterId },
    details: { expiresAt: expiresAt.toISOString() },
  });
  return { code, expiresAt };
}

export type PairingResult = { ok: true; sessionToken: string; deviceId: string; counterId: string } | { ok: false };

/** Redeems a code once: a wrong, used or expired code gets the same answer (nothing to probe). */
export async function redeemPairingCode(db: Database, typedCode: string, userAgent: string | null): Promise<PairingResult> {
  const consumed = await consumePairingCode(db, sha256(normalizePairingCode(typedCode)), new Date());
  // No audit row per wrong guess (anyone can send them): the caller counts failures in the shared
  // rate limiter, which audits once per window when a limit is reached (app/api/display/pair).
  if (!consumed) return { ok: false };
  const sessionToken = newDisplaySessionToken();
  const [device] = await db
    .insert(displayDevices)
    .values({ counterId: consumed.counterId, sessionTokenHash: sha256(sessionToken), userAgent: userAgent?.slice(0, 200) ?? null })
    .returning({ id: displayDevices.id });
  await recordAuditEvent(db, {
    actor: null,
    action: "display.pair",
    outcome: "success",
    target: { type: "display_device", id: device!.id },
    details: { counterId: consumed.counterId },
  });
  return { ok: true, sessionToken, deviceId: device!.id, counterId: consumed.counterId };
}

/**
 * Revokes a device of a counter in the scope's stores (another store's device is unknown): its
 * session stops working at once and its open stream is told to sign out.
 */
export async function revokeDisplayDevice(db: Database, stores: StoreScope, deviceId: string): Promise<{ counterId: string } | null> {
  const inStores = storeScopeCondition(counters.storeId, stores);
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(displayDevices)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(displayDevices.id, deviceId),
          inStores ? inArray(displayDevices.counterId, tx.select({ id: counters.id }).from(counters).where(inStores)) : undefined,
        ),
      )
      .returning({ counterId: displayDevices.counterId, revokedAt: displayDevices.revokedAt });
    if (!revoked) return null;
    await publishCounterChange(tx, revoked.counterId);
    return { counterId: revoked.counterId };
  });
}
