// Strings of the payer page's own expiry (#16 item 8: the page turns to "expired" at 00:00, before
// the server confirms), in English and Brazilian Portuguese (merged into lib/i18n/messages.ts).
const en = {
  "payer.expiredTitle": "Expired",
  "payer.expiredBody": "The time to pay this charge is over. Ask the merchant for a new one.",
};

const ptBR: Record<keyof typeof en, string> = {
  "payer.expiredTitle": "Expirada",
  "payer.expiredBody": "O prazo para pagar esta cobrança acabou. Peça uma nova ao estabelecimento.",
};

export const payerPageMessages = { en, "pt-BR": ptBR };
