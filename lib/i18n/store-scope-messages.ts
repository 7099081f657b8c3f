// Strings of operators scoped to stores (issue #49): the operators page's store grants, the header's
// store switcher, the Overview's note for one store, and their audit labels, in English and
// Brazilian Portuguese (merged into lib/i18n/messages.ts).
const en = {
  "operators.stores": "Stores",
  "operators.storesAll": "All stores",
  "operators.storesSome": "Only these stores",
  "operators.storesLegend": "Stores {email} may see and act for",
  "operators.saveStores": "Save stores",
  "operators.storesSaved": "Stores saved.",
  "errors.operator.storesEmpty": "Choose at least one store, or all stores.",
  "errors.operator.unknownStores": "A chosen store no longer exists. Reload the page.",
  "storeSwitcher.label": "Store shown",
  "storeSwitcher.all": "All stores",
  "storeSwitcher.apply": "Switch store",
  "errors.storeScope.allStoresOnly": "This is the merchant's as a whole: choose all stores in the header to see it.",
  "errors.storeScope.wholeMerchantOnly":
    "This is the merchant's as a whole, and your role applies to some stores only. Ask an administrator.",
  "denied.stores.title": "For all stores only",
  "denied.stores.body":
    "This page is the merchant's as a whole, not one store's yet. Choose all stores in the header to see it; if there is no such choice, your role applies to some stores only: ask an administrator.",
  "audit.value.reason.store": "Store not in the operator's stores",
  "audit.action.operator.change_stores": "Operator's stores changed",
  "audit.action.store_choice.change": "Store shown changed",
  "audit.detail.scope": "Stores",
  "audit.detail.storeIds": "Store ids",
  "audit.detail.storeId": "Store id",
  "audit.detail.previousScope": "Stores before",
  "audit.detail.previousStoreIds": "Store ids before",
  "audit.value.scope.all": "All stores",
  "audit.value.scope.some": "Some stores",
  "audit.value.previousScope.all": "All stores",
  "audit.value.previousScope.some": "Some stores",
};

const ptBR: Record<keyof typeof en, string> = {
  "operators.stores": "Lojas",
  "operators.storesAll": "Todas as lojas",
  "operators.storesSome": "Só estas lojas",
  "operators.storesLegend": "Lojas que {email} pode ver e em que pode agir",
  "operators.saveStores": "Salvar lojas",
  "operators.storesSaved": "Lojas salvas.",
  "errors.operator.storesEmpty": "Escolha pelo menos uma loja, ou todas as lojas.",
  "errors.operator.unknownStores": "Uma loja escolhida não existe mais. Recarregue a página.",
  "storeSwitcher.label": "Loja mostrada",
  "storeSwitcher.all": "Todas as lojas",
  "storeSwitcher.apply": "Trocar de loja",
  "errors.storeScope.allStoresOnly": "Isto é do comerciante como um todo: escolha todas as lojas no cabeçalho para ver.",
  "errors.storeScope.wholeMerchantOnly":
    "Isto é do comerciante como um todo, e o seu papel vale só para algumas lojas. Peça a um administrador.",
  "denied.stores.title": "Só para todas as lojas",
  "denied.stores.body":
    "Esta página é do comerciante como um todo, ainda não de uma loja. Escolha todas as lojas no cabeçalho para vê-la; se essa escolha não aparece, o seu papel se aplica só a algumas lojas: fale com um administrador.",
  "audit.value.reason.store": "Loja fora das lojas do operador",
  "audit.action.operator.change_stores": "Lojas do operador alteradas",
  "audit.action.store_choice.change": "Loja mostrada alterada",
  "audit.detail.scope": "Lojas",
  "audit.detail.storeIds": "Ids das lojas",
  "audit.detail.storeId": "Id da loja",
  "audit.detail.previousScope": "Lojas antes",
  "audit.detail.previousStoreIds": "Ids das lojas antes",
  "audit.value.scope.all": "Todas as lojas",
  "audit.value.scope.some": "Algumas lojas",
  "audit.value.previousScope.all": "Todas as lojas",
  "audit.value.previousScope.some": "Algumas lojas",
};

export const storeScopeMessages = { en, "pt-BR": ptBR };
