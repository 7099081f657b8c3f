"use client";
// Zod's jitless mode (no `new Function` probe, which the strict CSP reports) is now applied by
// lib/schemas/mini.ts, the module every shared schema imports, so it holds wherever a schema runs
// in the browser whatever the layout renders. This component only keeps that guarantee for a
// layout that still renders it; it imports zod/mini's config alone, never the full zod.
import { config } from "zod/mini";

config({ jitless: true });

export function CspCompatibleZod() {
  return null;
}
