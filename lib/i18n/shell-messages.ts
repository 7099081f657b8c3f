// Strings of the dashboard's shell on phones and desktops (#37): the navigation's groups, the phone
// menu, the keyboard shortcuts and their help, the copy and truncation helpers, in English and
// Brazilian Portuguese (merged into lib/i18n/messages.ts).
const en = {
  "nav.group.receive": "Receive",
  "nav.group.send": "Send",
  "nav.group.follow": "Follow",
  "nav.group.configure": "Configure",
  "shell.menu.open": "Menu",
  "shell.menu.title": "Navigation",
  "shell.menu.close": "Close menu",
  "shell.shortcuts.title": "Keyboard shortcuts",
  "shell.shortcuts.intro": "Press the keys one after the other, outside a text field.",
  "shell.shortcuts.help": "Show this help",
  "shell.shortcuts.newCharge": "New charge",
  "shell.shortcuts.search": "Search transactions",
  "shell.shortcuts.transactions": "Go to transactions",
  "shell.shortcuts.overview": "Go to the overview",
  "shell.shortcuts.close": "Close",
  "shell.copy": "Copy",
  "shell.copied": "Copied",
  "shell.copyJson": "Copy JSON",
  "charts.range.dayFormat": "YYYY-MM-DD",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "nav.group.receive": "Receber",
  "nav.group.send": "Enviar",
  "nav.group.follow": "Acompanhar",
  "nav.group.configure": "Configurar",
  "shell.menu.open": "Menu",
  "shell.menu.title": "Navegação",
  "shell.menu.close": "Fechar menu",
  "shell.shortcuts.title": "Atalhos de teclado",
  "shell.shortcuts.intro": "Aperte as teclas uma depois da outra, fora de um campo de texto.",
  "shell.shortcuts.help": "Mostrar esta ajuda",
  "shell.shortcuts.newCharge": "Nova cobrança",
  "shell.shortcuts.search": "Buscar transações",
  "shell.shortcuts.transactions": "Ir para as transações",
  "shell.shortcuts.overview": "Ir para a visão geral",
  "shell.shortcuts.close": "Fechar",
  "shell.copy": "Copiar",
  "shell.copied": "Copiado",
  "shell.copyJson": "Copiar JSON",
  "charts.range.dayFormat": "DD/MM/AAAA",
};

export const shellMessages = { en, "pt-BR": ptBR };
export type ShellMessageKey = keyof typeof en;
