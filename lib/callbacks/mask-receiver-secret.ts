// Callback logs carry the URL the wallet called, which for the dashboard's own receiver holds the
// callback secret. Pages show it with the secret masked.
import "server-only";

export const maskedSecret = "••••••";

export function maskReceiverSecret(text: string, callbackSecret: string): string {
  return text.split(callbackSecret).join(maskedSecret);
}
