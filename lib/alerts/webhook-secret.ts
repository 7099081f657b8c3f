// Standard Webhooks signing secrets: "whsec_" and 32 random bytes in base64 (how one is shown
// afterwards is lib/vocabulary/webhook-secret.ts).
import { randomBytes } from "node:crypto";

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
