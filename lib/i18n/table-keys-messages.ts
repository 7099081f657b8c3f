// What a data table's keyboard navigation says by itself (issue #53): how to move between its rows.
// Read in the browser by components/ui/row-navigation.ts in the page's language (<html lang>), so no
// list has to pass it along (as forms.pasteCut in form-field-messages.ts); also merged into
// lib/i18n/messages.ts so the dictionaries stay whole (and the glossary test sees it).
const en = {
  "table.rowKeys": "Use the up and down arrows to move between rows, Home and End for the first and last, and Enter to open a row.",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "table.rowKeys":
    "Use as setas para cima e para baixo para passar de uma linha a outra, Home e End para a primeira e a última, e Enter para abrir uma linha.",
};

export const tableKeysMessages = { en, "pt-BR": ptBR };

/** The hint in the given page language ("pt-BR", "pt", "en"…); English otherwise. */
export function rowKeysHint(lang: string): string {
  return lang.toLowerCase().startsWith("pt") ? ptBR["table.rowKeys"] : en["table.rowKeys"];
}
