// The browser tab's title: the page's own name, then the product's. The root layout's metadata
// template and the places that replace a page's content in the browser use the same rule.
export const appName = "Wallet Dashboard";

export const pageTitleTemplate = `%s · ${appName}`;

export function pageTitle(name: string): string {
  return pageTitleTemplate.replace("%s", name);
}

/** A charge's result page (its metadata), also set by the cash-in form when it shows a new charge itself. */
export const cashInResultTitle = "Charge";
