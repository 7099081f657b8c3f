// Types for check-route-budgets.mjs (plain Node, so CI runs it without a build step).
export type RouteBudget = { name: string; routes: string[] | "*"; ratio: number; goal: string };
/** What a route's links prefetched, as loaded: reported beside the route, not budgeted. */
export type Prefetch = { scriptsGzipBytes: number; rscRequests: number; rscEncodedBytes: number };
export type BudgetRow = {
  route: string;
  gzipBytes: number;
  prefetch?: Prefetch;
  budgetName: string;
  ratio: number;
  budgetBytes: number;
  overBytes: number;
};
export type BudgetResult = { ok: boolean; rows: BudgetRow[]; runtimeGzipBytes: number };
/** One route as e2e/support/loaded-js.ts records it (URL paths of the scripts). */
export type LoadedRecord = {
  route: string;
  path?: string;
  scripts: string[];
  prefetchScripts: string[];
  rscRequests?: number;
  rscEncodedBytes?: number;
};
export const budgets: RouteBudget[];
export function budgetFor(route: string, table?: RouteBudget[]): RouteBudget;
export function checkRouteBudgets(
  measure: { runtimeGzipBytes: number; routes: Array<{ route: string; gzipBytes: number; prefetch?: Prefetch }> },
  table?: RouteBudget[],
): BudgetResult;
export function formatReport(result: BudgetResult, options?: { loaded?: boolean }): string;
export function readLoadedRecords(dir: string): LoadedRecord[];
export function measureLoadedRoutes(
  distDir: string,
  records: LoadedRecord[],
): { runtimeGzipBytes: number; routes: Array<{ route: string; gzipBytes: number; prefetch: Prefetch }> };
