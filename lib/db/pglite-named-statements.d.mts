// Types for pglite-named-statements.mjs (plain JavaScript: the worker thread loads it by path).
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

export type NamedStatements = {
  handles: (text: string) => boolean;
  query: <T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
    where?: { inTransaction?: boolean },
  ) => Promise<Results<T>>;
  readonly size: number;
};

export function namedStatements(db: PGlite, options?: { maxStatements?: number }): NamedStatements;
