// The benchmark's baseline: the smallest app on the dashboard's own next/react (the repository's
// node_modules), built and served by `npm run bench` beside the dashboard.
import path from "node:path";

const repositoryRoot = path.resolve(import.meta.dirname, "../..");

/** @type {import('next').NextConfig} */
export default {
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Resolve next/react from the repository's node_modules, as the dashboard does.
  turbopack: { root: repositoryRoot },
  outputFileTracingRoot: repositoryRoot,
};
