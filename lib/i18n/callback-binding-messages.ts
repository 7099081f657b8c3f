// Strings for callbacks bound to their transaction: the new delivery outcomes, the problems on
// the inbox, timeline and Overview, and the Reconciliation page, in English and Brazilian Portuguese.
const en = {
  "nav.reconciliation": "Reconciliation",
  "outcome.settled": "Settled by callback (wallet id and status recorded from it)",
  "outcome.rejected": "Rejected: disagrees with this transaction (not applied)",
  "timeline.reason": "Reason",
  "timeline.settledNote": "The wallet's answer to the creation call had not arrived; this callback settled the transaction.",
  "inbox.outcome": "Effect",
  "inbox.allOutcomes": "All effects",
  "inbox.problemsOnly": "Problems only (rejected or unmatched)",
  "inbox.reason": "Reason",
  "overview.rejectedDeliveries": "Rejected callback deliveries in the last 7 days",
  "overview.rejectedDeliveriesHelp": "Callbacks whose body disagreed with their transaction: never applied. Review them.",
  "overview.reviewRejected": "Review rejected deliveries",
  "reconciliation.title": "Reconciliation",
  "reconciliation.intro":
    "What callbacks could not settle. The dashboard never resends money by itself: each list says what to check and do.",
  "reconciliation.olderThan": "Creations still unsettled after {minutes} minutes (setting RECONCILIATION_AFTER_MINUTES).",
  "reconciliation.stuck.title": "Creations without an outcome",
  "reconciliation.stuck.todo":
    "The wallet may or may not have these. A callback settles them by itself when it arrives. If none came, ask the wallet's provider about the amount, key or payer and time below. If the wallet has it, follow it there; if it has not, create it again from a new form. Never re-send a cash-out before the wallet confirms it does not have it.",
  "reconciliation.stuck.empty": "No creation is waiting for an outcome.",
  "reconciliation.expired.title": "Expired charges with no final status",
  "reconciliation.expired.todo":
    "These cash-ins passed their expiry and the wallet sent no final status. Check the callback logs or ask the provider whether the payer paid. Do not hand over goods until a callback says Paid; if the payer says they paid, ask for the receipt and check with the provider.",
  "reconciliation.expired.empty": "No expired charge is waiting for its status.",
  "reconciliation.unmatched.title": "Unmatched deliveries",
  "reconciliation.unmatched.todo":
    "Callbacks for a wallet id this dashboard does not know (a transaction created elsewhere, or from before callbacks named their transaction). Open the callback log and find the transaction with the provider; nothing was applied.",
  "reconciliation.unmatched.empty": "No unmatched delivery.",
  "reconciliation.rejected.title": "Rejected deliveries",
  "reconciliation.rejected.todo":
    "Callbacks whose body disagreed with the transaction their URL names (wallet id, amount, operation or payer document). They were not applied: the transaction's status did not change. Treat them as a possible forgery: do not act on them. If the callback log id is one the wallet knows and shows the same body, report it to the provider.",
  "reconciliation.rejected.empty": "No rejected delivery.",
  "reconciliation.column.created": "Created at",
  "reconciliation.column.kind": "Kind",
  "reconciliation.column.amount": "Amount",
  "reconciliation.column.state": "State",
  "reconciliation.column.details": "Key, payer or reference",
  "reconciliation.column.expiresAt": "Expired at",
  "reconciliation.column.receivedAt": "Received at",
  "reconciliation.column.walletId": "Wallet id in the body",
  "reconciliation.column.reason": "Reason",
  "reconciliation.column.transaction": "Transaction",
  "reconciliation.open": "Open",
  "reconciliation.count": "{count} to review",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "nav.reconciliation": "Conciliação",
  "outcome.settled": "Concluída pelo aviso (id na carteira e status registrados a partir dele)",
  "outcome.rejected": "Rejeitado: não confere com esta transação (não aplicado)",
  "timeline.reason": "Motivo",
  "timeline.settledNote": "A resposta da carteira à criação não tinha chegado; este aviso concluiu a transação.",
  "inbox.outcome": "Efeito",
  "inbox.allOutcomes": "Todos os efeitos",
  "inbox.problemsOnly": "Só problemas (rejeitados ou desconhecidos)",
  "inbox.reason": "Motivo",
  "overview.rejectedDeliveries": "Entregas de aviso rejeitadas nos últimos 7 dias",
  "overview.rejectedDeliveriesHelp": "Avisos cujo corpo não conferia com a transação: nunca aplicados. Revise-os.",
  "overview.reviewRejected": "Revisar entregas rejeitadas",
  "reconciliation.title": "Conciliação",
  "reconciliation.intro":
    "O que os avisos não puderam resolver. O painel nunca reenvia dinheiro sozinho: cada lista diz o que conferir e fazer.",
  "reconciliation.olderThan": "Criações ainda sem desfecho depois de {minutes} minutos (configuração RECONCILIATION_AFTER_MINUTES).",
  "reconciliation.stuck.title": "Criações sem desfecho",
  "reconciliation.stuck.todo":
    "A carteira pode ou não ter estas transações. Um aviso as resolve sozinho quando chega. Se nenhum chegou, pergunte ao provedor da carteira pelo valor, chave ou pagador e horário abaixo. Se a carteira a tem, acompanhe por lá; se não tem, crie de novo a partir de um novo formulário. Nunca reenvie um pagamento antes de a carteira confirmar que não o tem.",
  "reconciliation.stuck.empty": "Nenhuma criação aguardando desfecho.",
  "reconciliation.expired.title": "Cobranças expiradas sem status final",
  "reconciliation.expired.todo":
    "Estas cobranças passaram da validade e a carteira não enviou status final. Confira os registros de avisos ou pergunte ao provedor se o pagador pagou. Não entregue mercadoria até um aviso dizer Pago; se o pagador diz que pagou, peça o comprovante e confira com o provedor.",
  "reconciliation.expired.empty": "Nenhuma cobrança expirada aguardando status.",
  "reconciliation.unmatched.title": "Entregas sem transação",
  "reconciliation.unmatched.todo":
    "Avisos para um id de carteira que este painel não conhece (transação criada em outro lugar, ou de antes de os avisos nomearem sua transação). Abra o registro de aviso e localize a transação com o provedor; nada foi aplicado.",
  "reconciliation.unmatched.empty": "Nenhuma entrega sem transação.",
  "reconciliation.rejected.title": "Entregas rejeitadas",
  "reconciliation.rejected.todo":
    "Avisos cujo corpo não conferia com a transação que a URL nomeia (id na carteira, valor, operação ou documento do pagador). Não foram aplicados: o status da transação não mudou. Trate-os como possível fraude: não aja com base neles. Se o id do registro de aviso é conhecido pela carteira e mostra o mesmo corpo, informe o provedor.",
  "reconciliation.rejected.empty": "Nenhuma entrega rejeitada.",
  "reconciliation.column.created": "Criada em",
  "reconciliation.column.kind": "Tipo",
  "reconciliation.column.amount": "Valor",
  "reconciliation.column.state": "Situação",
  "reconciliation.column.details": "Chave, pagador ou referência",
  "reconciliation.column.expiresAt": "Expirou em",
  "reconciliation.column.receivedAt": "Recebida em",
  "reconciliation.column.walletId": "Id na carteira no corpo",
  "reconciliation.column.reason": "Motivo",
  "reconciliation.column.transaction": "Transação",
  "reconciliation.open": "Abrir",
  "reconciliation.count": "{count} para revisar",
};

export const callbackBindingMessages = { en, "pt-BR": ptBR };
