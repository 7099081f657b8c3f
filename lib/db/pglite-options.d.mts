// Types for pglite-options.mjs (plain JavaScript, loaded by path by the worker).
export declare const pgliteServerOptions: { postgresqlconf: string[] };
