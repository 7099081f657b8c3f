// App-wide errors: the refusals of the action and API-route wrappers and of the origin and outbound
// URL checks, the fields every form shares (amounts, CPF/CNPJ, phones, e-mail, metadata, URLs) and
// the wallet's failures, in English and Brazilian Portuguese. Schemas, actions and WalletError carry
// errors.* keys encoded with their parameters (lib/i18n/message.ts: `msg("errors.metadata.keyTooLong",
// { max: 40 })`); the page or form that shows one translates it with `translateMessage(t, message)`.
// A feature's own errors (errors.cashOut.*, errors.counter.*…) are in its feature file.
import type { accountSecurityMessages } from "./account-security-messages";
import type { apiMessages } from "./api-messages";
import type { approvalMessages } from "./approval-messages";
import type { booksMessages } from "./books-messages";
import type { callbackMessages } from "./callback-messages";
import type { cashInMessages } from "./cash-in-messages";
import type { cashOutMessages } from "./cash-out-messages";
import type { counterMessages } from "./counter-messages";
import type { paymentLinkMessages } from "./payment-link-messages";
import type { eventMessages } from "./event-messages";
import type { ledgerMessages } from "./ledger-messages";
import type { merchantIdentityMessages } from "./merchant-identity-messages";
import type { storeMessages } from "./store-messages";
import type { storeScopeMessages } from "./store-scope-messages";
import type { overviewAlertsMessages } from "./overview-alerts-messages";
import type { personalDataMessages } from "./personal-data-messages";
import type { rateLimitMessages } from "./rate-limit-messages";
import type { sandboxMessages } from "./sandbox-messages";
import type { securitySettingsMessages } from "./security-settings-messages";
import type { tableMessages } from "./table-messages";

const en = {
  // API routes: the operatorRoute wrapper's and problem details' own refusals (lib/http/).
  "errors.route.malformedPath": "This address is malformed: a part of it is not valid percent-encoding, or not a valid id.",
  "errors.route.methodNotAllowed": "This address does not accept that method.",
  "errors.route.notFound": "Nothing answers at this address. The API's paths are in /api/v1/openapi.json.",
  "errors.route.unknownPaymentLink": "This payment link does not exist.",
  "errors.route.invalidQuery": "Some parameters are invalid: correct them and try again.",
  "errors.route.idsMissing": "Give the transaction ids as ids=<id>,<id>.",
  "errors.route.idsEmpty": "Give at least one transaction id.",
  "errors.route.idsNotUuid": "Every id must be a transaction id (a UUID).",
  "errors.route.idsTooMany": "Ask for at most {max} transactions at once.",
  "errors.route.foreignOrigin":
    "This request did not come from the dashboard's own pages, so it was refused. Reload the page and try again.",
  // Server actions: the operatorAction wrapper's own refusals.
  "errors.action.unauthenticated": "You are not signed in, or your session has ended. Sign in again.",
  "errors.action.changePasswordFirst": "Choose a new password first.",
  "errors.action.enrolTwoFactorFirst": "Set up two-factor sign-in first.",
  "errors.action.roleRefused": "Your role ({role}) is not allowed to do this.",
  "errors.action.stepUpRequired": "Confirm it is you: enter a code from your authenticator app, then try again.",
  "errors.action.invalidInput": "Some fields are invalid: correct them and try again.",
  "errors.action.failed":
    "Something went wrong on the server and the request was not completed. Try again; if it keeps failing, check the server log.",
  "errors.form.checkFields": "Check the highlighted fields.",
  "errors.form.stale": "This form is out of date: reload the page.",
  "errors.form.stalePage": "This page is out of date: reload it.",
  // Amounts in reais.
  "errors.amount.empty": "Enter an amount in reais, like 10,50.",
  "errors.amount.negative": "The amount cannot be negative.",
  "errors.amount.zero": "The amount must be more than R$ 0,00.",
  "errors.amount.tooManyDecimals": "Use at most 2 decimal places (centavos), like 10,50.",
  "errors.amount.dotAsDecimal": "Use a comma before the centavos, like 10,50.",
  "errors.amount.misplacedThousandsSeparator": "Put a dot every 3 digits for thousands, like 1.234,56, or leave the dots out.",
  "errors.amount.notANumber": "Use only digits, an optional dot for thousands and a comma for centavos, like 1.234,56.",
  "errors.amount.tooLarge": "The amount cannot be more than R$ 1.000.000,00.",
  // CPF / CNPJ.
  "errors.document.empty": "Enter a CPF or CNPJ.",
  "errors.document.invalidCharacters": "A CPF has only digits and a CNPJ only digits and letters; the separators . - / are optional.",
  "errors.document.wrongLength": "Enter 11 digits for a CPF or 14 characters for a CNPJ.",
  "errors.document.repeatedCharacters": "A CPF or CNPJ cannot be one repeated digit, like 111.111.111-11.",
  "errors.document.cpfCheckDigits": "CPF check digits do not match: check the number for a typo.",
  "errors.document.cnpjCheckDigitsNotNumeric": "The last 2 characters of a CNPJ are digits.",
  "errors.document.cnpjCheckDigits": "CNPJ check digits do not match: check the number for a typo.",
  // Phones.
  "errors.phone.empty": "Enter a mobile number with its area code, like (11) 98765-4321.",
  "errors.phone.invalidCharacters": "Use only digits, spaces, ( ) - and an optional +55, like (11) 98765-4321.",
  "errors.phone.foreignNumber": "Only Brazilian numbers (+55) are accepted.",
  "errors.phone.wrongLength": "Enter the area code (DDD) and the 9-digit mobile number, like (11) 98765-4321.",
  "errors.phone.notMobile": "A mobile number has 9 digits starting with 9 after the area code, like (11) 98765-4321.",
  "errors.phone.unknownAreaCode": "This area code (DDD) does not exist in Brazil; check the first 2 digits.",
  // E-mail addresses and names.
  "errors.email.empty": "Enter an e-mail address.",
  "errors.email.tooLong": "E-mail is too long (at most {max} characters).",
  "errors.email.invalid": "Enter a valid e-mail address, like name@company.com.",
  // Metadata rows.
  "errors.metadata.keyMissing": "Enter a key for this value, or clear the row.",
  "errors.metadata.keyTooLong": "A key has at most {max} characters.",
  "errors.metadata.keyCharacters": "A key may use only letters A–Z, digits and . _ -",
  "errors.metadata.keyReserved": "This key name is reserved; choose another.",
  "errors.metadata.keyDuplicate": "This key is already used in another row.",
  "errors.metadata.valueTooLong": "A value has at most {max} characters.",
  "errors.metadata.tooManyRows": "At most {max} metadata rows.",
  "errors.externalReference.tooLong": "External reference must have at most {max} characters.",
  "errors.callbackUrl.invalid": "Enter an absolute http(s) URL, like https://example.com/callback.",
  "errors.callbackUrl.tooLong": "A URL has at most {max} characters.",
  // Wallet failures: "what happened" + "consequence" (lib/wallet/errors.ts).
  "errors.wallet.withConsequence": "{what} {consequence}",
  "errors.wallet.subject.createCashIn": "cash-in",
  "errors.wallet.subject.createCashOut": "cash-out",
  "errors.wallet.subject.getCallbackLog": "callback-log request",
  "errors.wallet.subject.resendCallback": "callback re-send",
  "errors.wallet.subject.payCashInInSandbox": "simulated payment",
  "errors.wallet.subject.changeStatusInSandbox": "sandbox status change",
  "errors.wallet.subject.readInSandbox": "sandbox read",
  "errors.wallet.consequence.statusChangeUnknown":
    "The outcome is unknown: the sandbox may have changed the status. Wait for its callback before trying again.",
  "errors.wallet.consequence.statusUnchanged": "The status did not change.",
  "errors.wallet.consequence.tryAgain": "Try again in a moment.",
  "errors.wallet.consequence.cashInUnknown":
    "The outcome is unknown: the wallet may have created the cash-in, but no QR code was received here, so no one can pay it.",
  "errors.wallet.consequence.cashOutUnknown":
    "The outcome is unknown: the cash-out may have been sent. Check its status with the wallet before trying again; do not resend it blindly.",
  "errors.wallet.consequence.paymentUnknown":
    "The outcome is unknown: the sandbox may have paid the cash-in. Wait for its callback before trying again.",
  "errors.wallet.consequence.resendUnknown":
    "The outcome is unknown: the callback may have been re-sent. Check the callback logs before trying again.",
  "errors.wallet.consequence.noCashIn": "No cash-in was created.",
  "errors.wallet.consequence.noCashOut": "No money was sent: the cash-out was not created.",
  "errors.wallet.consequence.nothingPaid": "Nothing was paid.",
  "errors.wallet.consequence.noResend": "No callback was re-sent.",
  "errors.wallet.unauthorized": "The wallet rejected the token (HTTP 401): check WALLET_API_TOKEN.",
  "errors.wallet.forbidden": "The wallet refused access with this token (HTTP 403): check WALLET_API_TOKEN and its permissions.",
  "errors.wallet.redirect":
    "The wallet address answered with a redirect (HTTP {status}): check WALLET_API_BASE_URL (the wallet's address, without /api/v1), for example http instead of https.",
  "errors.wallet.body.html": "a web page",
  "errors.wallet.body.unknownJson": "JSON in an unknown shape",
  "errors.wallet.body.empty": "empty",
  "errors.wallet.body.notJson": "not JSON",
  "errors.wallet.serverErrorBody": "The wallet had an internal error (HTTP {status}); its answer was {what}.",
  "errors.wallet.notWalletApi":
    "The wallet address answered HTTP 404 and its answer was {what}, so it is probably not the wallet API: check WALLET_API_BASE_URL (the wallet's address, without /api/v1).",
  "errors.wallet.unreadable": "The wallet's answer (HTTP {status}) was {what}, so it could not be read.",
  "errors.wallet.unexpectedAnswer":
    "The wallet address found a callback log that cannot exist, so it is probably not the wallet API: check the wallet's address (without /api/v1).",
  "errors.wallet.serverError": "The wallet had an internal error (HTTP {status}).",
  "errors.wallet.serverErrorSaid": "The wallet had an internal error (HTTP {status}): “{reason}”.",
  "errors.wallet.noCallbackLog": "The wallet has no callback log with this id.",
  "errors.wallet.noCallbackLogSaid": "The wallet has no callback log with this id: “{reason}”.",
  "errors.wallet.noTransaction": "The wallet has no transaction with this id.",
  "errors.wallet.noTransactionSaid": "The wallet has no transaction with this id: “{reason}”.",
  "errors.wallet.notFound": "The wallet answered “not found” to the {subject}.",
  "errors.wallet.notFoundSaid": "The wallet answered “not found” to the {subject}: “{reason}”.",
  "errors.wallet.refused": "The wallet refused the {subject} (HTTP {status}) without saying why.",
  "errors.wallet.refusedSaid": "The wallet refused the {subject}: “{reason}”.",
  "errors.wallet.successMismatch": "The wallet answered HTTP {status} but reported success; the answer cannot be trusted.",
  "errors.wallet.badResource":
    "The wallet accepted the {subject}, but its answer lacks fields or has unexpected values (first problem at {path}).",
  "errors.wallet.timeout": "The wallet did not answer within {seconds}.",
  "errors.wallet.connectionRefused":
    "Could not connect to the wallet at {host} (connection refused): check WALLET_API_BASE_URL and that the wallet is running.",
  "errors.wallet.hostNotFound": "Could not find the wallet host {host}: check WALLET_API_BASE_URL and the server's DNS.",
  "errors.wallet.certificate":
    "Could not open a secure connection to the wallet at {host} (certificate problem): check WALLET_API_BASE_URL.",
  "errors.wallet.unreachable": "Could not reach the wallet at {host}: check WALLET_API_BASE_URL and the server's network.",
  "errors.wallet.connectionBroke": "The connection to the wallet at {host} broke before it answered.",
  "security.foreignOrigin": "This request did not come from the dashboard's own pages, so it was refused. Reload the page and try again.",
  "security.outbound.internal_address":
    "This URL was refused: {host} is or resolves to {address}, an internal address. The server does not send requests to loopback, private, link-local or other internal addresses. Use a public address.",
  "security.outbound.unsupported_scheme": "This URL was refused: only http and https URLs are allowed.",
  "security.outbound.credentials_in_url": "This URL was refused: it must not contain a user name or password.",
  "security.outbound.too_many_redirects": "This URL was refused: it redirects too many times.",
  "security.outbound.malformed_url": "This URL was refused: it is not an absolute http(s) URL.",
} as const;

// Every errors.* key of every feature file (the feature files with errors.* keys are listed; a
// missing one fails type-checking in client-messages.ts, which hands every errors.* key to forms).
type EnKeys<Dictionaries extends { en: object }> = keyof Dictionaries["en"];
export type ErrorMessageKey = Extract<
  | keyof typeof en
  | EnKeys<typeof accountSecurityMessages>
  | EnKeys<typeof apiMessages>
  | EnKeys<typeof approvalMessages>
  | EnKeys<typeof booksMessages>
  | EnKeys<typeof callbackMessages>
  | EnKeys<typeof cashInMessages>
  | EnKeys<typeof cashOutMessages>
  | EnKeys<typeof counterMessages>
  | EnKeys<typeof eventMessages>
  | EnKeys<typeof ledgerMessages>
  | EnKeys<typeof merchantIdentityMessages>
  | EnKeys<typeof tableMessages>
  | EnKeys<typeof overviewAlertsMessages>
  | EnKeys<typeof paymentLinkMessages>
  | EnKeys<typeof personalDataMessages>
  | EnKeys<typeof rateLimitMessages>
  | EnKeys<typeof sandboxMessages>
  | EnKeys<typeof securitySettingsMessages>
  | EnKeys<typeof storeMessages>
  | EnKeys<typeof storeScopeMessages>,
  `errors.${string}`
>;

const ptBR: Record<keyof typeof en, string> = {
  // Rotas de API: recusas do wrapper operatorRoute e dos problem details (lib/http/).
  "errors.route.malformedPath":
    "Este endereço está malformado: uma parte dele não é uma codificação percentual válida, ou não é um id válido.",
  "errors.route.methodNotAllowed": "Este endereço não aceita esse método.",
  "errors.route.notFound": "Nada responde neste endereço. Os caminhos da API estão em /api/v1/openapi.json.",
  "errors.route.unknownPaymentLink": "Este link de pagamento não existe.",
  "errors.route.invalidQuery": "Alguns parâmetros são inválidos: corrija-os e tente de novo.",
  "errors.route.idsMissing": "Informe os ids das transações como ids=<id>,<id>.",
  "errors.route.idsEmpty": "Informe pelo menos um id de transação.",
  "errors.route.idsNotUuid": "Cada id deve ser um id de transação (um UUID).",
  "errors.route.idsTooMany": "Peça no máximo {max} transações de uma vez.",
  "errors.route.foreignOrigin": "Este pedido não veio das páginas do próprio painel e foi recusado. Recarregue a página e tente de novo.",
  "errors.action.unauthenticated": "Você não está conectado, ou sua sessão terminou. Entre novamente.",
  "errors.action.changePasswordFirst": "Escolha uma nova senha primeiro.",
  "errors.action.enrolTwoFactorFirst": "Configure a verificação em duas etapas primeiro.",
  "errors.action.roleRefused": "Seu papel ({role}) não permite fazer isto.",
  "errors.action.stepUpRequired": "Confirme que é você: digite um código do seu app autenticador e tente de novo.",
  "errors.action.invalidInput": "Alguns campos são inválidos: corrija-os e tente de novo.",
  "errors.action.failed":
    "Algo deu errado no servidor e o pedido não foi concluído. Tente de novo; se continuar falhando, veja o log do servidor.",
  "errors.form.checkFields": "Confira os campos destacados.",
  "errors.form.stale": "Este formulário está desatualizado: recarregue a página.",
  "errors.form.stalePage": "Esta página está desatualizada: recarregue-a.",
  "errors.amount.empty": "Informe um valor em reais, como 10,50.",
  "errors.amount.negative": "O valor não pode ser negativo.",
  "errors.amount.zero": "O valor deve ser maior que R$ 0,00.",
  "errors.amount.tooManyDecimals": "Use no máximo 2 casas decimais (centavos), como 10,50.",
  "errors.amount.dotAsDecimal": "Use vírgula antes dos centavos, como 10,50.",
  "errors.amount.misplacedThousandsSeparator": "Ponha um ponto a cada 3 dígitos nos milhares, como 1.234,56, ou não use pontos.",
  "errors.amount.notANumber": "Use só dígitos, um ponto opcional nos milhares e vírgula nos centavos, como 1.234,56.",
  "errors.amount.tooLarge": "O valor não pode passar de R$ 1.000.000,00.",
  "errors.document.empty": "Informe um CPF ou CNPJ.",
  "errors.document.invalidCharacters": "CPF tem só dígitos e CNPJ só dígitos e letras; os separadores . - / são opcionais.",
  "errors.document.wrongLength": "Informe 11 dígitos para CPF ou 14 caracteres para CNPJ.",
  "errors.document.repeatedCharacters": "CPF ou CNPJ não pode ser um só dígito repetido, como 111.111.111-11.",
  "errors.document.cpfCheckDigits": "Os dígitos verificadores do CPF não conferem: confira se há erro de digitação.",
  "errors.document.cnpjCheckDigitsNotNumeric": "Os 2 últimos caracteres de um CNPJ são dígitos.",
  "errors.document.cnpjCheckDigits": "Os dígitos verificadores do CNPJ não conferem: confira se há erro de digitação.",
  "errors.phone.empty": "Informe um celular com DDD, como (11) 98765-4321.",
  "errors.phone.invalidCharacters": "Use só dígitos, espaços, ( ) - e um +55 opcional, como (11) 98765-4321.",
  "errors.phone.foreignNumber": "Só números brasileiros (+55) são aceitos.",
  "errors.phone.wrongLength": "Informe o DDD e o celular de 9 dígitos, como (11) 98765-4321.",
  "errors.phone.notMobile": "Um celular tem 9 dígitos começando por 9 depois do DDD, como (11) 98765-4321.",
  "errors.phone.unknownAreaCode": "Este DDD não existe no Brasil; confira os 2 primeiros dígitos.",
  "errors.email.empty": "Informe um e-mail.",
  "errors.email.tooLong": "E-mail longo demais (no máximo {max} caracteres).",
  "errors.email.invalid": "Informe um e-mail válido, como nome@empresa.com.br.",
  "errors.metadata.keyMissing": "Informe uma chave para este valor, ou limpe a linha.",
  "errors.metadata.keyTooLong": "Uma chave tem no máximo {max} caracteres.",
  "errors.metadata.keyCharacters": "Uma chave só pode usar letras A–Z, dígitos e . _ -",
  "errors.metadata.keyReserved": "Este nome de chave é reservado; escolha outro.",
  "errors.metadata.keyDuplicate": "Esta chave já está em outra linha.",
  "errors.metadata.valueTooLong": "Um valor tem no máximo {max} caracteres.",
  "errors.metadata.tooManyRows": "No máximo {max} linhas de metadados.",
  "errors.externalReference.tooLong": "A referência externa tem no máximo {max} caracteres.",
  "errors.callbackUrl.invalid": "Informe uma URL http(s) absoluta, como https://exemplo.com.br/aviso.",
  "errors.callbackUrl.tooLong": "Uma URL tem no máximo {max} caracteres.",
  "errors.wallet.withConsequence": "{what} {consequence}",
  "errors.wallet.subject.createCashIn": "a cobrança",
  "errors.wallet.subject.createCashOut": "o envio PIX",
  "errors.wallet.subject.getCallbackLog": "a consulta de registro de aviso",
  "errors.wallet.subject.resendCallback": "o reenvio de aviso",
  "errors.wallet.subject.payCashInInSandbox": "o pagamento simulado",
  "errors.wallet.subject.changeStatusInSandbox": "a mudança de status no ambiente de teste",
  "errors.wallet.subject.readInSandbox": "a leitura no ambiente de teste",
  "errors.wallet.consequence.statusChangeUnknown":
    "O resultado é desconhecido: o ambiente de teste pode ter mudado o status. Aguarde o aviso antes de tentar de novo.",
  "errors.wallet.consequence.statusUnchanged": "O status não mudou.",
  "errors.wallet.consequence.tryAgain": "Tente de novo em instantes.",
  "errors.wallet.consequence.cashInUnknown":
    "O resultado é desconhecido: a carteira pode ter criado a cobrança, mas nenhum QR code chegou aqui, então ninguém pode pagá-la.",
  "errors.wallet.consequence.cashOutUnknown":
    "O resultado é desconhecido: o envio PIX pode ter sido feito. Confira o status com a carteira antes de tentar de novo; não o reenvie às cegas.",
  "errors.wallet.consequence.paymentUnknown":
    "O resultado é desconhecido: o ambiente de teste pode ter pago a cobrança. Espere o aviso antes de tentar de novo.",
  "errors.wallet.consequence.resendUnknown":
    "O resultado é desconhecido: o aviso pode ter sido reenviado. Confira os registros de avisos antes de tentar de novo.",
  "errors.wallet.consequence.noCashIn": "Nenhuma cobrança foi criada.",
  "errors.wallet.consequence.noCashOut": "Nenhum dinheiro foi enviado: o envio PIX não foi criado.",
  "errors.wallet.consequence.nothingPaid": "Nada foi pago.",
  "errors.wallet.consequence.noResend": "Nenhum aviso foi reenviado.",
  "errors.wallet.unauthorized": "A carteira rejeitou o token (HTTP 401): confira WALLET_API_TOKEN.",
  "errors.wallet.forbidden": "A carteira recusou o acesso com este token (HTTP 403): confira WALLET_API_TOKEN e suas permissões.",
  "errors.wallet.redirect":
    "O endereço da carteira respondeu com um redirecionamento (HTTP {status}): confira WALLET_API_BASE_URL (o endereço da carteira, sem /api/v1), por exemplo http em vez de https.",
  "errors.wallet.body.html": "uma página web",
  "errors.wallet.body.unknownJson": "JSON num formato desconhecido",
  "errors.wallet.body.empty": "vazia",
  "errors.wallet.body.notJson": "algo que não é JSON",
  "errors.wallet.serverErrorBody": "A carteira teve um erro interno (HTTP {status}); a resposta foi {what}.",
  "errors.wallet.notWalletApi":
    "O endereço da carteira respondeu HTTP 404 e a resposta foi {what}, então provavelmente não é a API da carteira: confira WALLET_API_BASE_URL (o endereço da carteira, sem /api/v1).",
  "errors.wallet.unreadable": "A resposta da carteira (HTTP {status}) foi {what}, então não pôde ser lida.",
  "errors.wallet.unexpectedAnswer":
    "O endereço da carteira encontrou um registro de aviso que não pode existir, então provavelmente não é a API da carteira: confira o endereço da carteira (sem /api/v1).",
  "errors.wallet.serverError": "A carteira teve um erro interno (HTTP {status}).",
  "errors.wallet.serverErrorSaid": "A carteira teve um erro interno (HTTP {status}): “{reason}”.",
  "errors.wallet.noCallbackLog": "A carteira não tem registro de aviso com este id.",
  "errors.wallet.noCallbackLogSaid": "A carteira não tem registro de aviso com este id: “{reason}”.",
  "errors.wallet.noTransaction": "A carteira não tem transação com este id.",
  "errors.wallet.noTransactionSaid": "A carteira não tem transação com este id: “{reason}”.",
  "errors.wallet.notFound": "A carteira respondeu “não encontrado” para {subject}.",
  "errors.wallet.notFoundSaid": "A carteira respondeu “não encontrado” para {subject}: “{reason}”.",
  "errors.wallet.refused": "A carteira recusou {subject} (HTTP {status}) sem dizer por quê.",
  "errors.wallet.refusedSaid": "A carteira recusou {subject}: “{reason}”.",
  "errors.wallet.successMismatch": "A carteira respondeu HTTP {status} mas informou sucesso; a resposta não é confiável.",
  "errors.wallet.badResource":
    "A carteira aceitou {subject}, mas a resposta não tem campos ou tem valores inesperados (primeiro problema em {path}).",
  "errors.wallet.timeout": "A carteira não respondeu em {seconds}.",
  "errors.wallet.connectionRefused":
    "Não foi possível conectar à carteira em {host} (conexão recusada): confira WALLET_API_BASE_URL e se a carteira está rodando.",
  "errors.wallet.hostNotFound": "Não foi possível encontrar o host da carteira {host}: confira WALLET_API_BASE_URL e o DNS do servidor.",
  "errors.wallet.certificate":
    "Não foi possível abrir uma conexão segura com a carteira em {host} (problema de certificado): confira WALLET_API_BASE_URL.",
  "errors.wallet.unreachable": "Não foi possível alcançar a carteira em {host}: confira WALLET_API_BASE_URL e a rede do servidor.",
  "errors.wallet.connectionBroke": "A conexão com a carteira em {host} caiu antes da resposta.",
  "security.foreignOrigin": "Este pedido não veio das páginas do próprio painel e foi recusado. Recarregue a página e tente de novo.",
  "security.outbound.internal_address":
    "Esta URL foi recusada: {host} é ou aponta para {address}, um endereço interno. O servidor não envia pedidos a endereços de loopback, privados, link-local ou outros endereços internos. Use um endereço público.",
  "security.outbound.unsupported_scheme": "Esta URL foi recusada: só URLs http e https são permitidas.",
  "security.outbound.credentials_in_url": "Esta URL foi recusada: ela não pode conter usuário ou senha.",
  "security.outbound.too_many_redirects": "Esta URL foi recusada: ela redireciona vezes demais.",
  "security.outbound.malformed_url": "Esta URL foi recusada: não é uma URL http(s) absoluta.",
};

export const errorMessages = { en, "pt-BR": ptBR };
