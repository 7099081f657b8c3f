// The command palette's pages and actions: a label and where it goes. Matching ignores case and
// accents, so "cobranca" finds "Nova cobrança".
export type PaletteEntry = { href: string; label: string };

/** Lower case without accents: "Cobrança" → "cobranca". */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The entries whose label holds every word typed, in the given order; all of them for an empty query. */
export function matchingEntries(entries: PaletteEntry[], query: string): PaletteEntry[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const label = foldText(entry.label);
    return words.every((word) => label.includes(word));
  });
}
