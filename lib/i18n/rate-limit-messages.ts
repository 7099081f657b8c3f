// Strings of the shared rate limiter (lib/security/rate-limit.ts), in English and Brazilian
// Portuguese (merged into lib/i18n/messages.ts). The errors.* keys travel encoded with the seconds
// to wait (`msg("errors.rateLimit.address", { seconds: 42 })`).
const en = {
  "errors.rateLimit.address": "Too many attempts from your network address. Try again in {seconds} seconds.",
  "display.pairRateLimited": "Too many tries. Wait a few minutes, then type the code again.",
  "payer.rateLimited": "Too many requests from your network. Wait a minute, then reload this page.",
  "audit.action.rate_limit.exceeded": "Too many attempts (limit reached)",
};

const ptBR: Record<keyof typeof en, string> = {
  "errors.rateLimit.address": "Tentativas demais a partir do seu endereço de rede. Tente de novo em {seconds} segundos.",
  "display.pairRateLimited": "Tentativas demais. Espere alguns minutos e digite o código de novo.",
  "payer.rateLimited": "Pedidos demais a partir da sua rede. Espere um minuto e recarregue esta página.",
  "audit.action.rate_limit.exceeded": "Tentativas demais (limite atingido)",
};

export const rateLimitMessages = { en, "pt-BR": ptBR };
