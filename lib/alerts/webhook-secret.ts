// Standard Webhooks signing secrets: "whsec_" and 32 random bytes in base64, and how one is shown
// after it was created (only its last characters, so an admin can tell which one is in use).
import { randomBytes } from "node:crypto";

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function maskWebhookSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}
