// Strings of the explicit security settings (#29): two-factor required by role, the wrong-code
// limits at sign-in and alert webhook URLs checked when saved, in English and Brazilian Portuguese
// (merged into lib/i18n/messages.ts; the errors.* keys are ErrorMessageKeys too).
const en = {
  "securitySettings.requiredRolesHint": "Admin and finance always need it. You may relax it for QA and viewer accounts.",
  "errors.securitySettings.twoFactorAlwaysRequired": "Two-factor sign-in stays required for admin and finance.",
  "errors.twoFactor.lockedForAddress":
    "Too many wrong codes for this account from your network address. Wait {minutes} minutes, then sign in again.",
  "errors.twoFactor.lockedForAccount":
    "Too many wrong codes for this account. Wait {minutes} minutes, or ask an administrator to reset your two-factor sign-in.",
  "errors.alerts.webhookInternalAddress":
    "Alerts cannot be sent to {host}: it is an internal address ({address}). Use the webhook's public URL.",
  "errors.alerts.webhookCredentials": "Remove the user name and password from the URL; alerts are signed with the webhook secret instead.",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "securitySettings.requiredRolesHint": "Admin e financeiro sempre precisam. Você pode dispensar para contas de QA e leitura.",
  "errors.securitySettings.twoFactorAlwaysRequired": "A entrada com dois fatores continua obrigatória para admin e financeiro.",
  "errors.twoFactor.lockedForAddress":
    "Códigos errados demais para esta conta a partir do seu endereço de rede. Espere {minutes} minutos e entre de novo.",
  "errors.twoFactor.lockedForAccount":
    "Códigos errados demais para esta conta. Espere {minutes} minutos, ou peça a um administrador para redefinir sua entrada com dois fatores.",
  "errors.alerts.webhookInternalAddress":
    "Os alertas não podem ir para {host}: é um endereço interno ({address}). Use a URL pública do webhook.",
  "errors.alerts.webhookCredentials": "Tire o usuário e a senha da URL; os alertas são assinados com o segredo do webhook.",
};

export const securitySettingsMessages = { en, "pt-BR": ptBR };
export type SecuritySettingsMessageKey = keyof typeof en;
