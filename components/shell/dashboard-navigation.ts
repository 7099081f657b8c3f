// The dashboard's navigation (app/(dashboard)/layout.tsx): one line per page, with what the page's
// own guard requires, so the layout offers only what the operator may open. The guard decides; the
// test beside this file checks that each line says what its page's guard says (wholeMerchant).
import type { StaticIconName } from "@/components/ui/static-icon";
import type { Capability } from "@/lib/auth/roles";
import type { MessageKey } from "@/lib/i18n/messages";

export type NavGroupId = "receive" | "send" | "follow" | "configure";
export const navGroups: NavGroupId[] = ["receive", "send", "follow", "configure"];

// One line per page: its group (what people do there) and its icon. Groups show in navGroups' order,
// items in this array's order within their group.
export const navigation: Array<{
  href: string;
  labelKey: MessageKey;
  capability: Capability;
  group: NavGroupId;
  icon: StaticIconName;
  sandboxOnly?: boolean;
  /** Its page is guarded with `wholeMerchant` (the merchant's, not a store's): not offered to operators of some stores. */
  wholeMerchant?: true;
}> = [
  { href: "/cash-in", labelKey: "nav.cashIn", capability: "moveMoney", group: "receive", icon: "QrCode" },
  { href: "/quick-charge", labelKey: "nav.quickCharge", capability: "moveMoney", group: "receive", icon: "Zap" },
  { href: "/payment-links", labelKey: "nav.paymentLinks", capability: "read", group: "receive", icon: "Link" },
  { href: "/cash-out", labelKey: "nav.cashOut", capability: "moveMoney", group: "send", icon: "Send" },
  { href: "/approvals", labelKey: "nav.approvals", capability: "moveMoney", group: "send", icon: "ListChecks" },
  { href: "/", labelKey: "nav.overview", capability: "read", group: "follow", icon: "LayoutDashboard" },
  { href: "/transactions", labelKey: "nav.transactions", capability: "read", group: "follow", icon: "List" },
  { href: "/customers", labelKey: "nav.customers", capability: "read", group: "follow", icon: "BookUser", wholeMerchant: true },
  { href: "/callback-logs", labelKey: "nav.callbackLogs", capability: "read", group: "follow", icon: "Webhook" },
  { href: "/reconciliation", labelKey: "nav.reconciliation", capability: "read", group: "follow", icon: "Scale" },
  { href: "/statements", labelKey: "nav.statements", capability: "read", group: "follow", icon: "FileSpreadsheet" },
  { href: "/audit-log", labelKey: "nav.auditLog", capability: "readAuditLog", group: "follow", icon: "ScrollText" },
  {
    href: "/sandbox",
    labelKey: "nav.sandbox",
    capability: "simulatePayment",
    group: "configure",
    icon: "FlaskConical",
    sandboxOnly: true,
  },
  { href: "/personal-data", labelKey: "nav.personalData", capability: "handlePersonalDataRequests", group: "configure", icon: "UserLock" },
  { href: "/operators", labelKey: "nav.operators", capability: "manageOperators", group: "configure", icon: "Users", wholeMerchant: true },
  { href: "/counters", labelKey: "nav.counters", capability: "manageCounters", group: "configure", icon: "Store" },
  {
    href: "/settings/security",
    labelKey: "nav.securitySettings",
    capability: "manageOperators",
    group: "configure",
    icon: "ShieldCheck",
    wholeMerchant: true,
  },
  {
    href: "/settings/merchant",
    labelKey: "nav.merchantIdentity",
    capability: "manageOperators",
    group: "configure",
    icon: "Building",
    wholeMerchant: true,
  },
  {
    href: "/settings/stores",
    labelKey: "nav.stores",
    capability: "manageOperators",
    group: "configure",
    icon: "Store",
    wholeMerchant: true,
  },
  { href: "/settings/api-keys", labelKey: "nav.apiKeys", capability: "manageApiKeys", group: "configure", icon: "KeyRound" },
  {
    href: "/settings/events",
    labelKey: "nav.events",
    capability: "manageOperators",
    group: "configure",
    icon: "RadioTower",
    wholeMerchant: true,
  },
  { href: "/account", labelKey: "nav.account", capability: "read", group: "configure", icon: "UserRound" },
];
