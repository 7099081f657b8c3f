// Lists that sort, the date-range picker and the command palette (issue #53), in English and
// Brazilian Portuguese (merged into lib/i18n/messages.ts).
const en = {
  "dateRange.period": "Period",
  "dateRange.preset.any": "Any date",
  "dateRange.preset.today": "Today",
  "dateRange.preset.yesterday": "Yesterday",
  "dateRange.preset.7d": "Last 7 days",
  "dateRange.preset.30d": "Last 30 days",
  "dateRange.preset.thisMonth": "This month",
  "dateRange.preset.lastMonth": "Last month",
  "dateRange.preset.custom": "Custom",
  "dateRange.from": "From (São Paulo day)",
  "dateRange.to": "To (São Paulo day)",
  "dateRange.dayFormat": "YYYY-MM-DD",
  "dateRange.openCalendar": "Pick the days on a calendar",
  "dateRange.closeCalendar": "Close the calendar",
  "dateRange.calendarHint": "Choose the first day, then the last. The chosen days fill the fields above.",
  "dateRange.loading": "Loading the calendar…",
} as const;

const ptBR: Record<keyof typeof en, string> = {
  "dateRange.period": "Período",
  "dateRange.preset.any": "Qualquer data",
  "dateRange.preset.today": "Hoje",
  "dateRange.preset.yesterday": "Ontem",
  "dateRange.preset.7d": "Últimos 7 dias",
  "dateRange.preset.30d": "Últimos 30 dias",
  "dateRange.preset.thisMonth": "Este mês",
  "dateRange.preset.lastMonth": "Mês passado",
  "dateRange.preset.custom": "Personalizado",
  "dateRange.from": "De (dia em São Paulo)",
  "dateRange.to": "Até (dia em São Paulo)",
  "dateRange.dayFormat": "DD/MM/AAAA",
  "dateRange.openCalendar": "Escolher os dias no calendário",
  "dateRange.closeCalendar": "Fechar o calendário",
  "dateRange.calendarHint": "Escolha o primeiro dia e depois o último. Os dias escolhidos preenchem os campos acima.",
  "dateRange.loading": "Carregando o calendário…",
};

export const tableMessages = { en, "pt-BR": ptBR };
