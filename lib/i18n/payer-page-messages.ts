// The payer page (/pay/…): what a payer sees, its countdown and its own expiry (#16 item 8: the
// page turns to "expired" at 00:00, before the server confirms), in English and Brazilian
// Portuguese (merged into lib/i18n/messages.ts).
const en = {
  "payer.expiredTitle": "Expired",
  "payer.expiredBody": "The time to pay this charge is over. Ask the merchant for a new one.",
  "payer.title": "PIX payment",
  "payer.to": "Pay {merchant}",
  "payer.scan": "Scan the QR code with your bank's app, or copy the code below and paste it in the app's Pix Copia e Cola option.",
  "payer.qrAlt": "PIX QR code to pay {amount} to {merchant}",
  "payer.copy": "Copy PIX code",
  "payer.copied": "Code copied. Paste it in your bank's app.",
  "payer.timeLeft": "Time left to pay",
  "payer.payBy": "Pay by {time} (Brasília time)",
  "payer.waiting": "Waiting for payment…",
  "payer.paidTitle": "Paid",
  "payer.paidBody": "Payment of {amount} received. Thank you!",
  "payer.closedTitle": "Expired or cancelled",
  "payer.closedBody": "This charge can no longer be paid. Ask the merchant for a new one.",
  "payer.notFound": "This payment link does not exist.",
};

const ptBR: Record<keyof typeof en, string> = {
  "payer.expiredTitle": "Expirada",
  "payer.expiredBody": "O prazo para pagar esta cobrança acabou. Peça uma nova ao estabelecimento.",
  "payer.title": "Pagamento PIX",
  "payer.to": "Pagar {merchant}",
  "payer.scan": "Escaneie o QR code no app do seu banco, ou copie o código abaixo e cole na opção Pix Copia e Cola do app.",
  "payer.qrAlt": "QR code PIX para pagar {amount} a {merchant}",
  "payer.copy": "Copiar código PIX",
  "payer.copied": "Código copiado. Cole no app do seu banco.",
  "payer.timeLeft": "Tempo para pagar",
  "payer.payBy": "Pague até {time} (horário de Brasília)",
  "payer.waiting": "Aguardando pagamento…",
  "payer.paidTitle": "Pago",
  "payer.paidBody": "Pagamento de {amount} recebido. Obrigado!",
  "payer.closedTitle": "Expirada ou cancelada",
  "payer.closedBody": "Esta cobrança não pode mais ser paga. Peça uma nova ao estabelecimento.",
  "payer.notFound": "Este link de pagamento não existe.",
};

export const payerPageMessages = { en, "pt-BR": ptBR };
