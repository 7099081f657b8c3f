import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getLocale } from "@/lib/i18n/locale";
import { appName, pageTitleTemplate } from "@/lib/page-title";
import "./globals.css";

// Every page reads the session or the database per request: nothing is prerendered at build time
// (which would also open the embedded database from the build process).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: appName, template: pageTitleTemplate },
  description: "Merchant dashboard for PIX cash-in and cash-out",
  // One vector icon (public/icon.svg) for tabs and bookmarks; iOS home screens need a PNG, and some
  // clients ask for /favicon.ico only — both drawn from the SVG by scripts/generate-icons.mjs.
  icons: {
    icon: [
      { url: "/icon.svg", type: "image/svg+xml" },
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
    ],
    apple: { url: "/apple-touch-icon.png", sizes: "180x180" },
  },
};

// No client component here: whatever the root renders ships to every page, the payer's phone
// included (issue #15; scripts/check-route-budgets.mjs). Zod's CSP setting renders where client
// forms parse with zod: the dashboard layout and the public pages with such forms.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
