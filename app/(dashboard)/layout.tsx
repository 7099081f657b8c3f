import type { ReactNode } from "react";
import { NotificationBell } from "@/components/alerts/notification-bell";
import { CspCompatibleZod } from "@/components/shell/csp-compatible-zod";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { MainNav, type NavItem } from "@/components/shell/main-nav";
import { signOutAction } from "@/lib/actions/sign-out-action";
import { roleCan, type Capability } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { getMessages } from "@/lib/i18n/locale";
import type { MessageKey } from "@/lib/i18n/messages";
import { getRuntime } from "@/lib/server/runtime";

// Every page in this group needs a signed-in operator; each page checks its own capability too.
export const dynamic = "force-dynamic";

const navigation: Array<{ href: string; labelKey: MessageKey; capability: Capability; sandboxOnly?: boolean }> = [
  { href: "/", labelKey: "nav.overview", capability: "read" },
  { href: "/cash-in", labelKey: "nav.cashIn", capability: "moveMoney" },
  { href: "/quick-charge", labelKey: "nav.quickCharge", capability: "moveMoney" },
  { href: "/cash-out", labelKey: "nav.cashOut", capability: "moveMoney" },
  { href: "/approvals", labelKey: "nav.approvals", capability: "moveMoney" },
  { href: "/transactions", labelKey: "nav.transactions", capability: "read" },
  { href: "/callback-logs", labelKey: "nav.callbackLogs", capability: "read" },
  { href: "/reconciliation", labelKey: "nav.reconciliation", capability: "read" },
  { href: "/sandbox", labelKey: "nav.sandbox", capability: "simulatePayment", sandboxOnly: true },
  { href: "/operators", labelKey: "nav.operators", capability: "manageOperators" },
  { href: "/counters", labelKey: "nav.counters", capability: "manageCounters" },
  { href: "/audit-log", labelKey: "nav.auditLog", capability: "readAuditLog" },
  { href: "/personal-data", labelKey: "nav.personalData", capability: "handlePersonalDataRequests" },
  { href: "/settings/security", labelKey: "nav.securitySettings", capability: "manageOperators" },
  { href: "/account", labelKey: "nav.account", capability: "read" },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const operator = await requirePageOperator();
  const { config } = await getRuntime();
  const { locale, t } = await getMessages();
  const items: NavItem[] = navigation
    .filter((item) => roleCan(operator.role, item.capability) && (!item.sandboxOnly || config.wallet.isSandbox))
    .map((item) => ({ href: item.href, label: t[item.labelKey] }));

  return (
    <>
      {/* Operator forms parse with zod in the browser; zod's CSP setting comes with them (not in the
          root layout, which the payer page and sign-in share). */}
      <CspCompatibleZod />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t["app.skipToContent"]}
      </a>
      <header>
        {config.wallet.isSandbox ? (
          <p className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-slate-900" data-testid="sandbox-banner">
            {t["shell.sandboxBanner"]}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-300 bg-white px-4 py-3">
          <p className="text-lg font-bold text-brand-800">{t["app.name"]}</p>
          <div className="flex flex-wrap items-center gap-4 text-sm">
            <p>
              {t["shell.signedInAs"]} <strong>{operator.email}</strong> ({t[`role.${operator.role}`]})
            </p>
            <NotificationBell unread={operator.unreadNotifications} t={t} />
            <LanguageSwitcher locale={locale} label={t["shell.language"]} />
            <form action={signOutAction}>
              <button type="submit" className="rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-100">
                {t["shell.signOut"]}
              </button>
            </form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <MainNav items={items} label={t["nav.label"]} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </>
  );
}
