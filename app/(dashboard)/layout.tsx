import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { NotificationBell } from "@/components/alerts/notification-bell";
import { CommandPalette } from "@/components/command-palette/command-palette";
import { QueryProvider } from "@/components/data/query-provider";
import { CspCompatibleZod } from "@/components/shell/csp-compatible-zod";
import { KeyboardShortcuts, type ShortcutTargets } from "@/components/shell/keyboard-shortcuts";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import { MainNav, type NavGroup } from "@/components/shell/main-nav";
import { PhoneMenu } from "@/components/shell/phone-menu";
import { StoreSwitcher } from "@/components/shell/store-switcher";
import { StaticIcon } from "@/components/ui/static-icon";
// The shell's icons are CSS masks (static-icon.tsx): their one stylesheet, for every operator page.
import "@/components/ui/static-icons.css";
import { signOutAction } from "@/lib/actions/sign-out-action";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { getRuntime } from "@/lib/server/runtime";
import { singleStoreOf } from "@/lib/vocabulary/store-scope";
import { navGroups, navigation } from "@/components/shell/dashboard-navigation";

// Every page in this group needs a signed-in operator; each page checks its own capability too.
export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const operator = await requirePageOperator();
  const { config } = await getRuntime();
  const { locale, t } = await getMessages();
  // The stores the operator may see (read with the session): the switcher is shown only when there is more than one.
  const { visibleStores } = operator;
  const storeSwitcher =
    visibleStores.length > 1 ? (
      <StoreSwitcher
        stores={visibleStores}
        shown={singleStoreOf(operator.stores)}
        labels={{ label: t["storeSwitcher.label"], all: t["storeSwitcher.all"], apply: t["storeSwitcher.apply"] }}
      />
    ) : null;
  const allowed = navigation.filter(
    (item) =>
      roleCan(operator.role, item.capability) &&
      (!item.sandboxOnly || config.wallet.isSandbox) &&
      (!item.wholeMerchant || operator.storeGrants.all),
  );
  const groups: NavGroup[] = navGroups
    .map((group) => ({
      id: group,
      label: t[`nav.group.${group}`],
      items: allowed.filter((item) => item.group === group).map(({ href, labelKey, icon }) => ({ href, label: t[labelKey], icon })),
    }))
    .filter((group) => group.items.length > 0);
  const account = (
    <p className="min-w-0 break-words">
      {t["shell.signedInAs"]} <strong>{operator.email}</strong> ({t[`role.${operator.role}`]})
    </p>
  );
  const language = <LanguageSwitcher locale={locale} label={t["shell.language"]} />;
  const signOut = (
    <form action={signOutAction}>
      <button type="submit" className="rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-100">
        {t["shell.signOut"]}
      </button>
    </form>
  );

  const allowedHref = (href: string) => (allowed.some((item) => item.href === href) ? href : undefined);
  const shortcutTargets: ShortcutTargets = {
    newCharge: allowedHref("/cash-in"),
    transactions: allowedHref("/transactions"),
    overview: allowedHref("/"),
  };
  const shortcuts: Array<{ keys: string[]; label: string; offered: boolean }> = [
    { keys: ["?"], label: t["shell.shortcuts.help"], offered: true },
    { keys: ["n"], label: t["shell.shortcuts.newCharge"], offered: Boolean(shortcutTargets.newCharge) },
    { keys: ["/"], label: t["shell.shortcuts.search"], offered: Boolean(shortcutTargets.transactions) },
    { keys: ["g", "t"], label: t["shell.shortcuts.transactions"], offered: Boolean(shortcutTargets.transactions) },
    { keys: ["g", "o"], label: t["shell.shortcuts.overview"], offered: Boolean(shortcutTargets.overview) },
  ];

  // The operator pages' one client data layer (TanStack Query): actions, live lists, badges.
  return (
    <QueryProvider>
      <KeyboardShortcuts targets={shortcutTargets}>
        <h2 id="keyboard-shortcuts-title" className="text-lg font-semibold">
          {t["shell.shortcuts.title"]}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t["shell.shortcuts.intro"]}</p>
        {/* The keys' look is a rule on the list, not classes on each <kbd>. */}
        <dl
          className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm [&>div]:contents [&_dt]:flex [&_dt]:gap-1 [&_kbd]:rounded [&_kbd]:border [&_kbd]:border-slate-400 [&_kbd]:bg-slate-100 [&_kbd]:px-1.5 [&_kbd]:font-mono [&_kbd]:text-xs"
          data-testid="keyboard-shortcuts"
        >
          {shortcuts
            .filter((shortcut) => shortcut.offered)
            .map((shortcut) => (
              <div key={shortcut.keys.join(" ")}>
                <dt>
                  {shortcut.keys.map((key) => (
                    <kbd key={key}>{key}</kbd>
                  ))}
                </dt>
                <dd>{shortcut.label}</dd>
              </div>
            ))}
        </dl>
        <form method="dialog" className="mt-5 flex justify-end">
          <button type="submit" className="rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100">
            {t["shell.shortcuts.close"]}
          </button>
        </form>
      </KeyboardShortcuts>
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
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-300 bg-white px-4 py-3 print:hidden">
          <Link href="/" className="text-lg font-bold text-brand-800">
            {t["app.name"]}
          </Link>
          <div className="flex flex-wrap items-center gap-4 text-sm">
            <div className="hidden items-center gap-4 md:flex">{account}</div>
            {storeSwitcher}
            <CommandPalette
              // The navigation's own groups (the same object as the menus'): the payload carries the pages once.
              pages={groups}
              actions={[
                ...(shortcutTargets.newCharge ? [{ href: shortcutTargets.newCharge, label: t["palette.action.newCharge"] }] : []),
                ...(allowedHref("/cash-out") ? [{ href: "/cash-out", label: t["palette.action.newCashOut"] }] : []),
              ]}
              locale={locale}
              icon={<StaticIcon name="Search" />}
              t={clientMessages(t, "commandPalette")}
            />
            <NotificationBell unread={operator.unreadNotifications} t={t} />
            <div className="hidden items-center gap-4 md:flex">
              {language}
              {signOut}
            </div>
            <PhoneMenu
              groups={groups}
              icons={{ open: <StaticIcon name="Menu" />, close: <StaticIcon name="X" /> }}
              labels={{ open: t["shell.menu.open"], title: t["shell.menu.title"], close: t["shell.menu.close"], nav: t["nav.label"] }}
            >
              {account}
              {language}
              {signOut}
            </PhoneMenu>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <MainNav groups={groups} label={t["nav.label"]} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </QueryProvider>
  );
}
