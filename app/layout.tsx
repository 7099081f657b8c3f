import type { Metadata } from "next";
import type { ReactNode } from "react";
import { CspCompatibleZod } from "@/components/shell/csp-compatible-zod";
import { getLocale } from "@/lib/i18n/locale";
import "./globals.css";

// Every page reads the session or the database per request: nothing is prerendered at build time
// (which would also open the embedded database from the build process).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Wallet Dashboard", template: "%s · Wallet Dashboard" },
  description: "Merchant dashboard for PIX cash-in and cash-out",
  // One vector icon (public/icon.svg) for tabs, bookmarks and home screens.
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" }, apple: "/icon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <CspCompatibleZod />
        {children}
      </body>
    </html>
  );
}
