// What an admin does with event endpoints, below the server actions: create one (URL checked by
// the outbound guard, a Standard Webhooks secret made and returned this once, stored sealed),
// rotate its secret with an overlap window, and send it a test event.
import { generateWebhookSecret } from "@/lib/alerts/webhook-secret";
import type { Database } from "@/lib/db/client";
import { insertEventEndpoint, insertTestEvent, rotateEventEndpointSecret } from "@/lib/db/queries/events";
import type { SecretBox } from "@/lib/events/secret-box";
import { assertOutboundUrlAllowed, type OutboundPolicy } from "@/lib/net/outbound-guard";
import { testEventType } from "@/lib/vocabulary/event-types";

export type NewEndpoint = { url: string; description: string; eventTypes: string[]; enabled: boolean };

/** Throws OutboundUrlRefusedError for an internal address (or a name resolving to one now). */
export async function createEventEndpoint(
  db: Database,
  box: SecretBox,
  policy: OutboundPolicy,
  endpoint: NewEndpoint,
  createdByEmail: string | null,
): Promise<{ id: string; secret: string }> {
  await assertOutboundUrlAllowed(endpoint.url, policy);
  const secret = generateWebhookSecret();
  const id = await insertEventEndpoint(db, { ...endpoint, secretCiphertext: box.seal(secret), createdByEmail });
  return { id, secret };
}

/** A new secret, returned once; the old one keeps signing beside it for `overlapMs`. */
export async function rotateEndpointSecret(
  db: Database,
  box: SecretBox,
  endpointId: string,
  overlapMs: number,
  now: Date,
): Promise<string | undefined> {
  const secret = generateWebhookSecret();
  const rotated = await rotateEventEndpointSecret(db, endpointId, box.seal(secret), new Date(now.getTime() + overlapMs));
  return rotated ? secret : undefined;
}

export function sendTestEvent(db: Database, endpointId: string): Promise<string> {
  return insertTestEvent(db, endpointId, { endpointId, message: "A test event from the Wallet Dashboard." }, testEventType);
}
