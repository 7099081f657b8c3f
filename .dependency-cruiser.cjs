// The dependency rule (docs/architecture.md, "Layers"): run by `npm run lint` and scripts/test.sh as
// `depcruise lib components app proxy.ts instrumentation.ts --config .dependency-cruiser.cjs`.
// The code reads from the top down and nothing below imports anything above:
//   app/ → components/ → lib/actions → lib/<feature>/ → lib/db, lib/wallet, lib/net → lib/vocabulary/
// There is no list of known violations: a rule here holds for the whole tree.
// Tests (*.test.ts) and test/support are left out: a test may reach into any layer it checks.

/** What the lowest layers may import besides themselves: the vocabulary and the basics every layer
 * uses (settings, the logger, message keys and dictionaries, zod). */
// The basics every layer may use: the vocabulary, settings, the logger with the request id it
// stamps, the metrics it counts into (lib/observability's leaf modules import nothing of ours
// above them), the messages, and the one zod entry point (it imports zod alone).
const basics = [
  "^lib/vocabulary/",
  "^lib/(config|logger)\\.ts$",
  "^lib/schemas/zod\\.ts$",
  "^lib/observability/(request-id|metrics|lifecycle|tracing)\\.ts$",
  "^lib/i18n/(?!locale\\.ts$)",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No import cycle between modules of lib/, components/ and app/.",
      severity: "error",
      from: { path: "^(lib|components|app)/" },
      to: { circular: true },
    },
    {
      name: "no-mutual-lib-folders",
      comment:
        "No two lib/ folders import each other, directly or round a longer loop: one of them talks to the other through a function it exports, never both ways.",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/" },
      to: { path: "^lib/", circular: true },
    },
    {
      name: "components-not-db",
      comment: "Components get their data from pages and actions (as props), never from the database layer, not even its types.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^lib/db/" },
    },
    {
      name: "actions-query-through-lib-db",
      comment:
        "Server actions check, call a feature and audit: they read and write through lib/db/queries (or a feature), never with Drizzle or the schema tables directly.",
      severity: "error",
      from: { path: "^lib/actions/" },
      to: { path: ["^lib/db/schema", "^node_modules/drizzle-orm"] },
    },
    {
      name: "low-layers-import-only-vocabulary",
      comment:
        "lib/db, lib/wallet and lib/net import only themselves, the vocabulary and the basics (settings, logger, request id, metrics and tracing, messages, zod).",
      severity: "error",
      from: { path: "^lib/(db|wallet|net)/" },
      to: { path: "^(lib|components|app)/", pathNot: ["^lib/$1/", ...basics] },
    },
    {
      name: "vocabulary-is-the-bottom",
      comment: "The vocabulary imports only itself (and message-key types): plain lists, types and pure functions, no I/O.",
      severity: "error",
      from: { path: "^lib/vocabulary/" },
      to: { path: "^(lib|components|app)/", pathNot: ["^lib/vocabulary/", "^lib/i18n/messages\\.ts$"] },
    },
    {
      name: "vocabulary-uses-only-message-key-types",
      comment: "A vocabulary entry names its label by message key; it imports the key's type, never the dictionaries.",
      severity: "error",
      from: { path: "^lib/vocabulary/" },
      to: { path: "^lib/i18n/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^(\\.next|\\.data)", "\\.test\\.tsx?$", "^test/"] },
    // Resolves the @/ alias of tsconfig.json.
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a component that imports a query's row type depends on the query.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
