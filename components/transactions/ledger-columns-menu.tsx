"use client";
// The Transactions list's "Columns" control: the shared one (components/ui/columns-menu.tsx) with the
// ledger's columns; the transaction's id is always first.
import { ColumnsMenu } from "@/components/ui/columns-menu";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type LedgerDensity, type LedgerOptionalColumn, ledgerOptionalColumns } from "@/lib/vocabulary/ledger-columns";
import { tableLookHref } from "@/lib/vocabulary/table-columns";

/** The list's URL with this look, the rest of its query (`baseQuery`, no "?", no cols or density) kept. */
export function ledgerLookHref(baseQuery: string, columns: readonly LedgerOptionalColumn[], density: LedgerDensity): string {
  return tableLookHref("/transactions", baseQuery, ledgerOptionalColumns, columns, density);
}

export function LedgerColumnsMenu({
  columns,
  density,
  names,
  baseQuery,
  t,
}: {
  /** The columns shown now, in order. */
  columns: readonly LedgerOptionalColumn[];
  density: LedgerDensity;
  names: Record<LedgerOptionalColumn, string>;
  baseQuery: string;
  t: ClientMessages<"ledgerViews">;
}) {
  return (
    <ColumnsMenu
      all={ledgerOptionalColumns}
      columns={columns}
      density={density}
      names={names}
      hint={t["columns.hint"]}
      path="/transactions"
      baseQuery={baseQuery}
      t={t}
      testId="ledger-columns"
    />
  );
}
