"use client";
// A list's "Columns" control (issue #53), shared by every list drawn with components/ui/data-table.tsx:
// show or hide each optional column and move it up or down with buttons (keyboard and screen reader
// first; no drag; focus stays on the moved column and its new place is announced), and pick the
// rows' density. The choice travels in the URL (`?cols=`, `?density=`: lib/vocabulary/table-columns.ts),
// so saved views and shared links carry it; "Apply columns" is a link to the list with it.
// The panel (components/ui/columns-panel.tsx) is fetched when the menu first opens (or is about to:
// pointer over or focus on its button), never with the page; its icon is drawn by CSS
// (components/ui/static-icon.tsx), so the button brings no icon library either (route budgets).
//
//   <ColumnsMenu all={auditLogColumns} columns={shown} density={density} names={names}
//     hint={t["columns.hintRows"]} path="/audit-log" baseQuery={queryWithoutColsAndDensity}
//     t={clientMessages(t, "columnsMenu")} testId="audit-log-columns" />
// (props are plain data, so a server page renders it directly; server pages use components/ui/list-look.tsx).
import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { ColumnsPanel as ColumnsPanelType } from "@/components/ui/columns-panel";
import { MenuDisclosure } from "@/components/ui/menu-disclosure";
import { StaticIcon } from "@/components/ui/static-icon";

const loadPanel = () => import("@/components/ui/columns-panel");
const ColumnsPanel = lazy(() => loadPanel().then((module) => ({ default: module.ColumnsPanel }))) as typeof ColumnsPanelType;

export function ColumnsMenu<Column extends string>({
  testId,
  ...panel
}: ComponentProps<typeof ColumnsPanelType<Column>> & { testId?: string }) {
  // Rendered from the first opening on (closing keeps the choice being made).
  const [opened, setOpened] = useState(false);
  return (
    <MenuDisclosure
      icon={<StaticIcon name="Columns3" className="h-4 w-4" />}
      label={panel.t["columns.button"]}
      panelClassName="w-[min(24rem,calc(100vw-2rem))] space-y-3"
      testId={testId}
      onOpen={() => setOpened(true)}
      onApproach={() => void loadPanel()}
    >
      {opened ? (
        <Suspense fallback={<p className="text-sm text-slate-700">{panel.t["columns.loading"]}</p>}>
          <ColumnsPanel {...panel} />
        </Suspense>
      ) : null}
    </MenuDisclosure>
  );
}
