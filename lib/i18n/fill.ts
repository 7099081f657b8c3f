// Fills "{name}" placeholders in a message. Its own module so client components can use it without
// importing lib/i18n/messages.ts, which would put both whole dictionaries in their bundles.
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
