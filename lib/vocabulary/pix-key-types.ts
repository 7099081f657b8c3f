// The PIX destination key types the wallet API accepts for a cash-out. Validation, labels and hints
// per type are in lib/schemas/pix-key.ts; the wallet client (lib/wallet) needs only the list.

export const pixKeyTypeValues = ["EMAIL", "PHONE", "DOCUMENT", "RANDOM"] as const;
export type PixKeyType = (typeof pixKeyTypeValues)[number];
