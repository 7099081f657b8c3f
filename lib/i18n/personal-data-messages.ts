// Strings for personal data (docs/personal-data.md): the "show" control on detail pages, the
// export's personal-data choice, and a person's access and erasure requests, in English and
// Brazilian Portuguese.
const en = {
  "personalData.show": "Show in full",
  "personalData.shown": "Shown in full (recorded in the audit log).",
  "personalData.maskedNote": "Documents, e-mails, phones and PIX keys are masked.",
  "personalData.export.full": "Export with personal data in full",
  "personalData.export.fullHint": "Recorded in the audit log. The file holds documents, e-mails, phones and PIX keys in full.",
  "nav.personalData": "Personal data",
  "personalData.title": "Personal data requests",
  "personalData.intro":
    "A person's request under the LGPD: find everything held about one CPF/CNPJ, e-mail or phone, export it for an access request, or erase it (anonymise).",
  "personalData.search.label": "CPF/CNPJ, e-mail or phone",
  "personalData.search.submit": "Find",
  "personalData.found": "Records found: {count}",
  "personalData.none": "Nothing is held about this person.",
  "personalData.exportJson": "Export (JSON)",
  "personalData.exportCsv": "Export (CSV)",
  "personalData.erase.title": "Erase (anonymise)",
  "personalData.erase.reason": "Reason",
  "personalData.erase.reference": "Request reference",
  "personalData.erase.submit": "Erase this person's data",
  "personalData.erase.done": "Erased: records anonymised: {count}. Amounts, ids, statuses and dates are kept.",
  "personalData.erase.refused":
    "Kept: completed payments inside the legal retention of financial records ({days} days): {count}. They will be anonymised when it ends.",
  "errors.personalData.unknownTransaction": "This transaction does not exist.",
  "errors.personalData.exportRefused": "Your role may not export personal data in full.",
  "errors.personalData.query": "Type a CPF/CNPJ, an e-mail or a phone.",
  "errors.personalData.reason": "Say why (at least 3 characters).",
  "errors.personalData.reference": "Give the request's reference.",
  "audit.action.personal_data.reveal": "Personal data shown in full",
  "audit.action.personal_data.erase": "Personal data erased",
  "audit.action.personal_data.export_full": "Personal data exported in full",
  "audit.action.personal_data.access_export": "A person's data report downloaded",
  "audit.action.personal_data.find": "Personal data looked up",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "personalData.show": "Mostrar completo",
  "personalData.shown": "Mostrado completo (registrado no log de auditoria).",
  "personalData.maskedNote": "Documentos, e-mails, telefones e chaves PIX aparecem mascarados.",
  "personalData.export.full": "Exportar com dados pessoais completos",
  "personalData.export.fullHint": "Registrado no log de auditoria. O arquivo contém documentos, e-mails, telefones e chaves PIX completos.",
  "nav.personalData": "Dados pessoais",
  "personalData.title": "Pedidos de titulares",
  "personalData.intro":
    "Pedido de um titular pela LGPD: encontrar tudo o que há sobre um CPF/CNPJ, e-mail ou telefone, exportar para um pedido de acesso ou eliminar (anonimizar).",
  "personalData.search.label": "CPF/CNPJ, e-mail ou telefone",
  "personalData.search.submit": "Buscar",
  "personalData.found": "Registros encontrados: {count}",
  "personalData.none": "Não há dados sobre esta pessoa.",
  "personalData.exportJson": "Exportar (JSON)",
  "personalData.exportCsv": "Exportar (CSV)",
  "personalData.erase.title": "Eliminar (anonimizar)",
  "personalData.erase.reason": "Motivo",
  "personalData.erase.reference": "Referência do pedido",
  "personalData.erase.submit": "Eliminar os dados desta pessoa",
  "personalData.erase.done": "Eliminado: registros anonimizados: {count}. Valores, ids, status e datas foram mantidos.",
  "personalData.erase.refused":
    "Mantidos: pagamentos concluídos dentro da guarda legal de registros financeiros ({days} dias): {count}. Serão anonimizados quando ela terminar.",
  "errors.personalData.unknownTransaction": "Esta transação não existe.",
  "errors.personalData.exportRefused": "Seu papel não permite exportar dados pessoais completos.",
  "errors.personalData.query": "Digite um CPF/CNPJ, um e-mail ou um telefone.",
  "errors.personalData.reason": "Diga o motivo (pelo menos 3 caracteres).",
  "errors.personalData.reference": "Informe a referência do pedido.",
  "audit.action.personal_data.reveal": "Dados pessoais mostrados por inteiro",
  "audit.action.personal_data.erase": "Dados pessoais apagados",
  "audit.action.personal_data.export_full": "Dados pessoais exportados por inteiro",
  "audit.action.personal_data.access_export": "Relatório dos dados de uma pessoa baixado",
  "audit.action.personal_data.find": "Dados pessoais consultados",
};

export const personalDataMessages = { en, "pt-BR": ptBR };
