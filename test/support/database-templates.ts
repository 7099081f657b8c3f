// Pre-migrated databases, built once per `vitest run` by a project's globalSetup
// (pglite-templates.global-setup.ts, postgres-templates.global-setup.ts) and handed to the test
// files through provide/inject. Starting PGlite from scratch (initdb) and migrating costs seconds
// per test file; restoring a dump or cloning a database costs a fraction of that.
// Without a template (a file run outside these projects), the helpers migrate as before.
import { readFile } from "node:fs/promises";
import { inject } from "vitest";

/** One PGlite template: the migrated data directory (for on-disk copies) and its dump (for in-memory ones). */
export type PgliteTemplate = { dataDir: string; dump: string };
export type TemplateSchema = "dashboard" | "sandbox";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates?: Record<TemplateSchema, PgliteTemplate>;
    /** Names the run's PostgreSQL databases (templates and scratch copies), so a crashed run's can be found. */
    postgresRunId?: string;
    postgresTemplates?: Record<TemplateSchema, string>;
  }
}

export function pgliteTemplate(schema: TemplateSchema): PgliteTemplate | undefined {
  return inject("pgliteTemplates")?.[schema];
}

export function postgresTemplate(schema: TemplateSchema): string | undefined {
  return inject("postgresTemplates")?.[schema];
}

export function postgresRunId(): string | undefined {
  return inject("postgresRunId");
}

// A file may open several databases from one template: read each dump once per worker.
const dumps = new Map<string, Promise<Blob>>();

export function pgliteDump(template: PgliteTemplate): Promise<Blob> {
  let dump = dumps.get(template.dump);
  if (!dump) {
    dump = readFile(template.dump).then((bytes) => new Blob([bytes]));
    dumps.set(template.dump, dump);
  }
  return dump;
}
