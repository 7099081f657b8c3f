// Ledger strings in English and Brazilian Portuguese (merged into lib/i18n/messages.ts).
const en = {
} as const;

const ptBR: Record<keyof typeof en, string> = {
};

export const ledgerMessages = { en, "pt-BR": ptBR };
