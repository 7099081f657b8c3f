// The embedded server's PGlite settings, shared by the worker thread (pglite-worker.mjs) and the
// same-thread client (client.ts). Plain JavaScript, loaded by path like the worker.
//
// shared_buffers: PostgreSQL's default 128MB is memory the WASM instance takes at start and never
// gives back (PGlite 0.5.16: 456 MiB RSS after opening an existing directory, 389 MiB with 16MB).
// One embedded user reads recent rows and the Overview's small rollups; the files below the buffers
// are in the operating system's cache anyway. docs/decisions/performance.md has the figures.
export const pgliteServerOptions = { postgresqlconf: ["shared_buffers=32MB"] };
