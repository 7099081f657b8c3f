// Strings of the web hardening (#11): refused outbound URLs and refused origins, in English and
// Brazilian Portuguese (merged into lib/i18n/messages.ts).
const en = {
  "security.foreignOrigin": "This request did not come from the dashboard's own pages, so it was refused. Reload the page and try again.",
  "security.outbound.internal_address":
    "This URL was refused: {host} is or resolves to {address}, an internal address. The server does not send requests to loopback, private, link-local or other internal addresses. Use a public address.",
  "security.outbound.unsupported_scheme": "This URL was refused: only http and https URLs are allowed.",
  "security.outbound.credentials_in_url": "This URL was refused: it must not contain a user name or password.",
  "security.outbound.too_many_redirects": "This URL was refused: it redirects too many times.",
  "security.outbound.malformed_url": "This URL was refused: it is not an absolute http(s) URL.",
};

const ptBR: Record<keyof typeof en, string> = {
  "security.foreignOrigin": "Este pedido não veio das páginas do próprio painel e foi recusado. Recarregue a página e tente de novo.",
  "security.outbound.internal_address":
    "Esta URL foi recusada: {host} é ou aponta para {address}, um endereço interno. O servidor não envia pedidos a endereços de loopback, privados, link-local ou outros endereços internos. Use um endereço público.",
  "security.outbound.unsupported_scheme": "Esta URL foi recusada: só URLs http e https são permitidas.",
  "security.outbound.credentials_in_url": "Esta URL foi recusada: ela não pode conter usuário ou senha.",
  "security.outbound.too_many_redirects": "Esta URL foi recusada: ela redireciona vezes demais.",
  "security.outbound.malformed_url": "Esta URL foi recusada: não é uma URL http(s) absoluta.",
};

export const webSecurityMessages = { en, "pt-BR": ptBR };
