// Makes upstream text safe for a log line or an error: the token and every URL (callback URLs
// carry our secret) are removed, and the rest is cut short.

const urlPattern = /\bhttps?:(?:\\?\/){2}[^\s"'<>\\]*(?:\\\/[^\s"'<>\\]*)*/gi;

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue; // too short to be a secret worth a replace-all
    safe = safe.split(secret).join("[redacted]");
    const jsonEscaped = JSON.stringify(secret).slice(1, -1).replaceAll("/", "\\/");
    if (jsonEscaped !== secret) safe = safe.split(jsonEscaped).join("[redacted]");
  }
  return safe.replace(urlPattern, "[url redacted]");
}

export function truncate(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength)}… (${text.length - maxLength} more characters)`;
}
