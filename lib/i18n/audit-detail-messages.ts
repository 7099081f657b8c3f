// Labels of the audit log's details and targets that had none (#37: a pt-BR page showed "Display
// device", "Expires at", "Counter", "Name", "Line", "Kind" from the readable English fallback), in
// English and Brazilian Portuguese (merged into lib/i18n/messages.ts). A detail without a label
// still falls back to its humanised name (lib/audit-log/describe-audit-event.ts).
const en = {
  "audit.detail.name": "Name",
  "audit.detail.line": "Line",
  "audit.detail.kind": "Kind",
  "audit.detail.expiresAt": "Expires at",
  "audit.detail.itemCount": "Items",
  "audit.detail.count": "Count",
  "audit.detail.day": "Day",
  "audit.detail.status": "Status",
  "audit.detail.operation": "Operation",
  "audit.detail.url": "URL",
  "audit.detail.host": "Host",
  "audit.detail.callbackLogId": "Callback log",
  "audit.detail.httpStatus": "HTTP status",
  "audit.target.approval_policy": "Approval policy",
  "audit.target.cash_out_request": "Cash-out request",
  "audit.target.counter": "Counter",
  "audit.target.display_device": "Display device",
  "audit.target.operator": "Operator",
  "audit.target.transaction": "Transaction",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "audit.detail.name": "Nome",
  "audit.detail.line": "Linha",
  "audit.detail.kind": "Tipo",
  "audit.detail.expiresAt": "Expira em",
  "audit.detail.itemCount": "Itens",
  "audit.detail.count": "Quantidade",
  "audit.detail.day": "Dia",
  "audit.detail.status": "Status",
  "audit.detail.operation": "Operação",
  "audit.detail.url": "URL",
  "audit.detail.host": "Servidor",
  "audit.detail.callbackLogId": "Registro de aviso",
  "audit.detail.httpStatus": "Status HTTP",
  "audit.target.approval_policy": "Política de aprovação",
  "audit.target.cash_out_request": "Pedido de envio PIX",
  "audit.target.counter": "Caixa",
  "audit.target.display_device": "Tela do caixa",
  "audit.target.operator": "Operador",
  "audit.target.transaction": "Transação",
};

export const auditDetailMessages = { en, "pt-BR": ptBR };
