// Types for route-js.mjs (plain Node, so the budget check runs without a build step).
export type RouteJs = { route: string; gzipBytes: number; chunks: string[] };
export type RouteJsMeasure = {
  runtime: { gzipBytes: number; files: string[] };
  routes: RouteJs[];
  gzipSize: (file: string) => number;
};
export const defaultDistDir: string;
export function createGzipSizer(): (file: string) => number;
export function measureRouteJs(distDir?: string): RouteJsMeasure;
export function kib(bytes: number): number;
export function formatKiB(bytes: number): string;
export function loadedScriptsGzip(distDir: string, urlPaths: string[], gzipSize?: (file: string) => number): number;
