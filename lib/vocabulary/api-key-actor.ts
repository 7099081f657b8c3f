// Who an API key is where a person's e-mail would be (the audit log's "who", a transaction's
// "created by"): stored as `API key "<name>" (<prefix>)` (lib/api-keys/manage-api-keys.ts writes
// it), shown in the reader's language: "Chave de API "<name>" (<prefix>)". Pure, safe in the browser.

/** The stored form (the same in every language, so rows written before keep reading right). */
export function apiKeyActorText(key: { name: string; prefix: string }): string {
  return `API key "${key.name}" (${key.prefix})`;
}

const storedForm = /^API key "(.*)" \(([^()]*)\)$/s;

/**
 * An actor or creator as people read it: an API key's stored form through `template` (a message
 * with {name} and {prefix}), anything else (an operator's e-mail) as it is.
 */
export function actorLabel(stored: string, template: string): string {
  const match = storedForm.exec(stored);
  if (!match) return stored;
  return template.replace("{name}", match[1]!).replace("{prefix}", match[2]!);
}
