"use client";
// Delivery health on the Overview: each figure a link to the list that explains it. Query data
// (app/api/overview/health): the page's render seeds it, then it is asked again every few seconds
// while the page is open (and on focus): most of what it counts (a rejected or unmatched delivery,
// a quarantined body, a charge past its expiry) pushes nothing, so it is polled, like the unread badge.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { formatDateTime, formatNumber } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import { type DeliveryHealthState, healthWindowDays } from "@/lib/vocabulary/delivery-health";
import { saoPauloDateTimeLocal } from "@/lib/vocabulary/sao-paulo-dates";

const pollMs = 5_000;

export const deliveryHealthKey = ["overview", "delivery-health"] as const;

export function DeliveryHealthPanel({
  initial,
  links,
  locale,
  t,
}: {
  initial: DeliveryHealthState;
  /** The ledger's filtered lists (built on the server: their parser stays out of the browser). */
  links: { pendingPastExpiry: string; cashOutsUnknown: string };
  locale: Locale;
  t: ClientMessages<"deliveryHealth">;
}) {
  const { data: health } = useQuery({
    queryKey: deliveryHealthKey,
    queryFn: async ({ signal }) => {
      const response = await fetch("/api/overview/health", { cache: "no-store", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as DeliveryHealthState;
    },
    initialData: initial,
    refetchInterval: pollMs,
  });
  const now = new Date(health.at).getTime();
  const since = (ms: number) => `/callback-logs?since=${encodeURIComponent(saoPauloDateTimeLocal(new Date(now - ms)))}`;
  const windowSince = encodeURIComponent(saoPauloDateTimeLocal(new Date(health.windowStart)));
  const items: Array<{ id: string; label: string; value: string; href: string; attention?: boolean }> = [
    {
      id: "last-callback",
      label: t["health.lastCallback"],
      value: health.lastCallbackAt ? formatDateTime(locale, health.lastCallbackAt, { seconds: true }) : t["health.never"],
      href: "/callback-logs",
    },
    { id: "callbacks-last-hour", label: t["health.callbacksLastHour"], value: String(health.callbacksLastHour), href: since(3_600_000) },
    {
      id: "callbacks-per-hour",
      label: t["health.callbacksPerHour"],
      value: formatNumber(locale, health.callbacksLast24Hours / 24, { maximumFractionDigits: 1 }),
      href: since(86_400_000),
    },
    {
      id: "pending-past-expiry",
      label: t["health.pendingPastExpiry"],
      value: health.pendingChargesPastExpiryCapped
        ? fill(t["health.countMore"], { count: formatNumber(locale, health.pendingChargesPastExpiry) })
        : String(health.pendingChargesPastExpiry),
      href: links.pendingPastExpiry,
      attention: health.pendingChargesPastExpiry > 0,
    },
    {
      id: "rejected",
      label: t["health.rejected"],
      value: String(health.notApplied.rejected),
      href: `/callback-logs?outcome=rejected&since=${windowSince}`,
      attention: health.notApplied.rejected > 0,
    },
    {
      id: "unmatched",
      label: t["health.unmatched"],
      value: String(health.notApplied.unmatched),
      href: `/callback-logs?outcome=unmatched&since=${windowSince}`,
      attention: health.notApplied.unmatched > 0,
    },
    {
      id: "quarantined",
      label: t["health.quarantined"],
      value: String(health.quarantined),
      href: `/callback-logs?since=${windowSince}`,
      attention: health.quarantined > 0,
    },
    {
      id: "cash-outs-unknown",
      label: t["health.cashOutsUnknown"],
      value: String(health.cashOutsOutcomeUnknown),
      href: links.cashOutsUnknown,
      attention: health.cashOutsOutcomeUnknown > 0,
    },
  ];
  return (
    <section aria-labelledby="health-title" className="mb-8">
      <h2 id="health-title" className="text-lg font-semibold">
        {t["health.title"]}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{fill(t["health.intro"], { days: healthWindowDays })}</p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="delivery-health">
        {items.map((item) => (
          <div key={item.id} className={`rounded-lg border bg-white p-3 ${item.attention ? "border-amber-500" : "border-slate-300"}`}>
            <dt className="text-sm text-slate-700">{item.label}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">
              <Link href={item.href} className="text-brand-700 underline" data-testid={`health-${item.id}`}>
                {item.value}
                <span className="sr-only"> ({item.label})</span>
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
