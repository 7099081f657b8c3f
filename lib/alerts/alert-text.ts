// The words of an alert outside the app (e-mail subject and body, the webhook's Slack `text`): one
// English line and its Brazilian Portuguese translation, filled from the incident's details.
import type { AlertRuleKey } from "@/lib/vocabulary/alert-kinds";
import type { AlertIncident } from "@/lib/db/schema";
import { formatBRL } from "@/lib/format";

type Details = AlertIncident["details"];

const titles: Record<AlertRuleKey, { en: string; "pt-BR": string }> = {
  cash_out_unknown: {
    en: "Cash-out with unknown outcome for more than {minutes} minutes",
    "pt-BR": "Saque com resultado desconhecido há mais de {minutes} minutos",
  },
  callbacks_silent: {
    en: "No callback for {minutes} minutes while charges are pending",
    "pt-BR": "Nenhum callback há {minutes} minutos com cobranças pendentes",
  },
  delivery_rejected: {
    en: "A callback delivery was not applied ({outcome})",
    "pt-BR": "Uma entrega de callback não foi aplicada ({outcome})",
  },
  cash_out_failed: { en: "A cash-out failed", "pt-BR": "Um saque falhou" },
  daily_limit_near: { en: "Daily limit {limitKey} at {percent}% or more", "pt-BR": "Limite diário {limitKey} em {percent}% ou mais" },
  event_endpoint_disabled: {
    en: "Event endpoint {host} switched off after failing too long",
    "pt-BR": "Endpoint de eventos {host} desligado por falhar tempo demais",
  },
};

function fillDetails(template: string, details: Details): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => String(details[name] ?? ""));
}

export function alertTitle(rule: AlertRuleKey, details: Details, locale: "en" | "pt-BR"): string {
  return fillDetails(titles[rule][locale], details);
}

/** Plain text for e-mail and chat: both languages, the amount if any, and the link that explains it. */
export function alertSummary(
  incident: Pick<AlertIncident, "rule" | "details" | "href" | "openedAt">,
  appUrl: string,
): { subject: string; text: string } {
  const english = alertTitle(incident.rule, incident.details, "en");
  const portuguese = alertTitle(incident.rule, incident.details, "pt-BR");
  const lines = [english, portuguese];
  if (typeof incident.details.amountCents === "number") lines.push(formatBRL(incident.details.amountCents));
  lines.push(`${appUrl}${incident.href}`);
  lines.push(`Opened at ${incident.openedAt.toISOString()}`);
  return { subject: `[Wallet Dashboard] ${english}`, text: lines.join("\n") };
}
