/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds (e.g. parallel test runs) live side by side; default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "qrcode"],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
