// Money is integer cents everywhere; it becomes text only here, at the edge.
const brlFormatter = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

export function formatBRL(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Amount must be an integer number of cents, got ${cents}`);
  return brlFormatter.format(cents / 100);
}
