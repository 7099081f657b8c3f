// The Transactions table's markup: every page writes 50 of these rows into its HTML, so a row's
// size is much of the page's render time; the padding of its cells comes from one rule on the
// table, not from a class repeated on each of them.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LedgerTable } from "@/components/transactions/ledger-table";
import type { LedgerListRow } from "@/lib/db/queries/ledger";
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

function render(rows: LedgerListRow[]) {
  return renderToStaticMarkup(createElement(LedgerTable, { rows, t: dictionaries.en, locale: "en" }));
}

describe("LedgerTable", () => {
  it("pads its cells by one rule on the table, not a class on every cell", () => {
    const html = render([row, { ...row, id: "1b6f7f3c-3a55-4bb6-9e0a-2d1c0f5e8a11", status: "PENDING" }]);
    expect(html).toContain("[&amp;_td]:px-3");
    expect(html).not.toMatch(/<t[dh][^>]*class="[^"]*\bpx-3\b/);
    expect(html.match(/data-testid="ledger-row"/g)).toHaveLength(2);
  });

  it("keeps a settled row under 2,000 bytes of HTML", () => {
    const one = render([row]).length;
    const two = render([row, { ...row, id: "1b6f7f3c-3a55-4bb6-9e0a-2d1c0f5e8a11" }]).length;
    expect(two - one).toBeLessThan(2_000);
  });
});
