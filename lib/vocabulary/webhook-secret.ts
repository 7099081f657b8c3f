// How a Standard Webhooks signing secret is shown after it was created: only its last characters,
// so an admin can tell which one is in use (made in lib/alerts/webhook-secret.ts).

export function maskWebhookSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}
