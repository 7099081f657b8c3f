// A GET filter form sends every field, empty ones too ("?q=&kind=&status=PAID"). Pages redirect
// such a URL to the same query without its empty parameters, so shared links stay short and clean.

type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** The query string without empty values ("?status=PAID"), or null when nothing needs removing. */
export function queryWithoutEmptyParams(params: SearchParamsRecord): string | null {
  const kept = new URLSearchParams();
  let removed = false;
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item.trim() === "") removed = true;
      else kept.append(name, item);
    }
  }
  if (!removed) return null;
  const text = kept.toString();
  return text ? `?${text}` : "";
}
