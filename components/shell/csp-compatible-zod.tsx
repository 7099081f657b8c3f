// Zod's jitless mode (no `new Function` probe, which the strict CSP reports) is applied by
// lib/schemas/zod.ts, the one zod entry point every schema imports, so it holds wherever a schema
// runs in the browser, whatever the layouts render. This component is kept only so a layout that
// still renders it keeps working; it imports nothing, so pages without a form ship no zod at all.
// It can be removed together with its render in app/layout.tsx.
export function CspCompatibleZod() {
  return null;
}
