// Types for check-route-budgets.mjs (plain Node, so CI runs it without a build step).
export type RouteBudget = { name: string; routes: string[] | "*"; ratio: number; goal: string };
export type BudgetRow = {
  route: string;
  gzipBytes: number;
  budgetName: string;
  ratio: number;
  budgetBytes: number;
  overBytes: number;
};
export type BudgetResult = { ok: boolean; rows: BudgetRow[]; runtimeGzipBytes: number };
export const budgets: RouteBudget[];
export function budgetFor(route: string, table?: RouteBudget[]): RouteBudget;
export function checkRouteBudgets(
  measure: { runtimeGzipBytes: number; routes: Array<{ route: string; gzipBytes: number }> },
  table?: RouteBudget[],
): BudgetResult;
export function formatReport(result: BudgetResult): string;
