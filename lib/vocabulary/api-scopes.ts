// What an API key may do (lib/api-keys/): each /api/v1 route names the one scope it needs. A plain
// vocabulary module, so the key management page and the routes share the list.
export const apiScopes = [
  "charges:read",
  "charges:write",
  "transactions:read",
  "cash_outs:write",
  "events:read",
  "payment_links:read",
  "payment_links:write",
] as const;
export type ApiScope = (typeof apiScopes)[number];

/** The visible start of every key ("wdk_" + 8 characters of its prefix): what people and secret scanners recognise. */
export const apiKeyTokenPrefix = "wdk_";
