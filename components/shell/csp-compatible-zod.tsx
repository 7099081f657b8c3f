"use client";
// Zod probes `new Function` the first time it parses an object, to decide whether to compile
// fast parsers; under the strict CSP (no 'unsafe-eval') the browser reports that probe as a
// violation even though zod catches it. Jitless mode skips the probe; rendered once in the root layout.
import { z } from "zod";

z.config({ jitless: true });

export function CspCompatibleZod() {
  return null;
}
