// The Transactions table's markup: every page writes 50 of these rows into its HTML, so a row's
// elements and attributes are much of the page's render time; the padding of its cells, its border
// and its link's look come from rules on the table, and its copy icon from CSS, not from markup
// repeated in each row.
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { LedgerTable } from "@/components/transactions/ledger-table";
import type { LedgerListRow } from "@/lib/vocabulary/ledger-page";
import { dictionaries } from "@/lib/i18n/messages";

const row: LedgerListRow = {
  id: "0b6f7f3c-3a55-4bb6-9e0a-2d1c0f5e8a11",
  kind: "CASH_IN",
  creationState: "created",
  status: "SUCCEED",
  amountCents: 776_604,
  payerName: "Patrícia Barbosa",
  payerEmail: "patricia.barbosa@example.com",
  pixKeyType: null,
  pixKey: null,
  externalReference: "ORD-00009976",
  createdByEmail: "operator1@example.com",
  createdAt: new Date("2025-12-31T05:58:33Z"),
  keyCreatedAt: "2025-12-31T05:58:33.000000Z",
};

// The table's links navigate through the app router (a click handler calls router.push); rendered
// outside Next, it is given a router that is never called here.
const unusedRouter: AppRouterInstance = {
  back: () => {},
  forward: () => {},
  refresh: () => {},
  push: () => {},
  replace: () => {},
  prefetch: () => {},
  bfcacheId: "unit-test",
};

function render(rows: LedgerListRow[], look: Pick<ComponentProps<typeof LedgerTable>, "columns" | "density"> = {}) {
  return renderToStaticMarkup(
    createElement(
      AppRouterContext.Provider,
      { value: unusedRouter },
      // The live statuses are query data (components/live/use-live-query.ts): the dashboard's provider, as its layout gives it.
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(LedgerTable, { rows, t: dictionaries.en, locale: "en", ...look }),
      ),
    ),
  );
}

describe("LedgerTable", () => {
  it("pads its cells by one rule on the table, not a class on every cell", () => {
    const html = render([row, { ...row, id: "1b6f7f3c-3a55-4bb6-9e0a-2d1c0f5e8a11", status: "PENDING" }]);
    expect(html).toContain("[&amp;_td]:px-3");
    expect(html).not.toMatch(/<t[dh][^>]*class="[^"]*\bpx-3\b/);
    expect(html.match(/data-testid="ledger-row"/g)).toHaveLength(2);
  });

  it("keeps a settled row under 1,650 bytes of HTML", () => {
    const one = render([row]).length;
    const two = render([row, { ...row, id: "1b6f7f3c-3a55-4bb6-9e0a-2d1c0f5e8a11" }]).length;
    // 1,752 bytes while each row drew its copy icon as an SVG and carried its own classes.
    expect(two - one).toBeLessThan(1_650);
  });

  it("writes no icon element and no class on a settled row's row, id cell or link", () => {
    const html = render([row]);
    const tableRow = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
    expect(tableRow).not.toContain("<svg");
    expect(tableRow).toMatch(/<button [^>]*class="[^"]*\bcopy-icon\b[^"]*"[^>]*><\/button>/);
    expect(tableRow).toMatch(
      /<tr data-testid="ledger-row"><th scope="row"><a href="\/transactions\/[^"]+" data-row-link="" aria-label="[^"]+">/,
    );
    expect(html).toContain("[&amp;_tbody_tr]:border-t");
  });

  it("renders only the chosen columns, in their order, and names them so for phone cards", () => {
    const html = render([row], { columns: ["time", "amount"], density: "compact" });
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(?:<a[^>]*>)?([^<]+)/g)].map((match) => match[1]);
    expect(headers).toEqual(["Transaction", "Created at (São Paulo)", "Amount"]);
    expect(html).not.toContain("ORD-00009976");
    expect(html).not.toContain("Patrícia");
    expect(html).toContain("--col-2:&quot;Created at (São Paulo)&quot;");
    expect(html).toContain('data-density="compact"');
  });
});
