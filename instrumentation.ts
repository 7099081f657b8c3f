// Runs once when the Next.js server process starts: validates settings, opens the database and
// applies migrations before the first request, and stops the process with a clear message if any
// of that fails.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` also loads this file to prerender; the database is for the running server only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerOrExit } = await import("./lib/server/start");
  await startServerOrExit();
}
