// The project's one zod entry point: every file imports `z` from here (`import * as z from
// "@/lib/schemas/zod"`), never from "zod" itself (biome.jsonc forbids it). It is zod/mini, the
// tree-shakable functional API (`z.optional(x)`, `x.check(z.minLength(1))`, `z.pipe(x, z.transform(f))`),
// because the same schemas run in client forms, where full zod would cost every form route ~19 KiB gzip
// of JS (docs/decisions/zod.md). Server code uses the same API; JSON Schema and OpenAPI output
// (z.toJSONSchema, zod-openapi) read mini schemas as they read full ones.
import { config, NEVER, type core } from "zod/mini";

export * from "zod/mini";

// Zod probes `new Function` the first time it parses an object, to decide whether to compile fast
// parsers; under the strict CSP (no 'unsafe-eval') the browser reports that probe as a violation
// even though zod catches it. Jitless mode skips the probe. Applied here, by the module every
// schema imports, so it holds wherever a schema runs in a browser, whatever the layout renders.
if (typeof window !== "undefined") config({ jitless: true });

type IssueSink = { issues: core.$ZodRawIssue[] };

/**
 * Records a custom issue (an encoded message key) from inside a transform, and yields no value:
 * zod/mini's transform context has no `addIssue`.
 */
export function refuse(context: IssueSink, message: string, input: unknown, path?: PropertyKey[]): never {
  context.issues.push({ code: "custom", message, input, ...(path ? { path } : {}) });
  return NEVER;
}
