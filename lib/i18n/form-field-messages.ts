// The one message every length-limited field says by itself (#37): a paste longer than the field's
// limit was cut, and by how much. Read by TextField in the browser (components/ui/text-field.tsx) in
// the page's language (<html lang>), so no form has to pass it along; also merged into
// lib/i18n/messages.ts so the dictionaries stay whole (and the glossary test sees it).
const en = {
  "forms.pasteCut": "The pasted text was cut to {max} characters: {cut} left out.",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "forms.pasteCut": "O texto colado foi cortado em {max} caracteres: {cut} ficaram de fora.",
};

export const formFieldMessages = { en, "pt-BR": ptBR };

/** The paste message in the given page language ("pt-BR", "pt", "en"…); English otherwise. */
export function pasteCutMessage(lang: string, max: number, cut: number): string {
  const template = lang.toLowerCase().startsWith("pt") ? ptBR["forms.pasteCut"] : en["forms.pasteCut"];
  return template.replace("{max}", String(max)).replace("{cut}", String(cut));
}
