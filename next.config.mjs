/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds (e.g. parallel test runs) live side by side; default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  // pdfkit reads its font metrics from its own folder, resvg is a native addon, exceljs streams
  // through archiver: all three load from node_modules, not the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "qrcode", "undici", "pdfkit", "@resvg/resvg-js", "exceljs"],
  // A self-contained server in .next/standalone (server.js + the node_modules it traced), which the
  // Dockerfile and scripts/standalone-smoke.sh copy alone; `next start` (the e2e tests) still works.
  output: "standalone",
  // Files read by path at run time, which tracing cannot see: the embedded database's worker and
  // initialiser (lib/db/pglite-in-worker.ts, client.ts), both migrations folders (lib/server/runtime.ts,
  // sandbox-wallet-host.ts), the payouts CSV example, and PGlite's WASM/data files. The server
  // starts them for any route, so they go with every route's trace.
  outputFileTracingIncludes: {
    "/**": [
      "./deploy/server-preload.cjs",
      "./lib/db/pglite-worker.mjs",
      "./lib/db/pglite-initialise.mjs",
      "./lib/db/pglite-named-statements.mjs",
      "./lib/db/pglite-options.mjs",
      "./lib/db/migrations/**/*",
      "./lib/sandbox-wallet/migrations/**/*",
      "./docs/payouts-example.csv",
      "./node_modules/@electric-sql/pglite/dist/**/*",
      "./node_modules/@electric-sql/pglite/package.json",
      "./node_modules/pdfkit/js/data/**/*",
      // The PDFs' embedded fonts (lib/pdf/fonts.ts).
      "./node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
      "./node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
      "./node_modules/dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf",
    ],
  },
  // `next build` would type-check the whole project a second time: scripts/test.sh runs
  // `tsc --noEmit` over the same tsconfig before it builds (and fails there), so the build skips it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  typedRoutes: false,
  experimental: {
    // Same limit as lib/security/server-action-request.ts (proxy.ts answers 413 above it): room
    // for a bulk CSV upload, far below a 5 MiB flood.
    serverActions: { bodySizeLimit: "2mb" },
    // Turbopack keeps a build cache in .next (on by default since 16.4): it speeds a rebuild here,
    // but a one-off build (CI's fresh clone, the image) only pays for writing it (37 s in a CI
    // run). scripts/test.sh and the Dockerfile build with NEXT_BUILD_CACHE=off.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "off",
  },
  // The per-request headers (CSP with a nonce, HSTS, Permissions-Policy, Cache-Control, nosniff,
  // Referrer-Policy, X-Frame-Options) come from proxy.ts; these static ones cover only the build
  // assets and files the proxy does not see (its matcher skips them: keep the two lists alike). Not a catch-all "/:path*":
  // that rule was matched and applied on every request (about 9% of the callback receiver's CPU).
  async headers() {
    const staticHeaders = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "same-origin" },
      { key: "X-Frame-Options", value: "DENY" },
    ];
    const staticFiles = ["/_next/static/:path*", "/_next/image", "/favicon.ico", "/icon.svg", "/apple-touch-icon.png", "/robots.txt"];
    return staticFiles.map((source) => ({ source, headers: staticHeaders }));
  },
};

export default nextConfig;
