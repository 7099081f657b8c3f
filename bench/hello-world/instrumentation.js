// Its own (empty) instrumentation hook: without one, a build rooted at the repository picks up the
// dashboard's instrumentation.ts, which would start the dashboard's runtime in the baseline.
export function register() {}
