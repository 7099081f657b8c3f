// What every shared schema imports with `zod/mini` (the tree-shakable build, so client forms ship
// only the checks they use): the browser config and a helper for issues raised in transforms.
import * as z from "zod/mini";

// Zod probes `new Function` the first time it parses an object, to decide whether to compile fast
// parsers; under the strict CSP (no 'unsafe-eval') the browser reports that probe as a violation
// even though zod catches it. Jitless mode skips the probe. Applied here, by the module every form
// schema imports, so it holds wherever a schema runs in a browser, whatever the layout renders.
if (typeof window !== "undefined") z.config({ jitless: true });

type IssueSink = { issues: z.core.$ZodRawIssue[] };

/** Records a custom issue (an encoded message key) from inside a transform, and yields no value. */
export function refuse(context: IssueSink, message: string, input: unknown, path?: PropertyKey[]): never {
  context.issues.push({ code: "custom", message, input, ...(path ? { path } : {}) });
  return z.NEVER;
}
