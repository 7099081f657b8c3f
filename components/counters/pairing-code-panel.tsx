"use client";
// The one-time pairing code an admin just issued, with where to type it and until when it works.
// Loaded only when a code is asked for (pairing-code-button.tsx): the Counters page's first-load JS
// carries neither it nor the time formatting it needs (route budgets, issue #15).
import { formatTime } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { formatPairingCode } from "@/lib/vocabulary/pairing-code";

export default function PairingCodePanel({
  code,
  expiresAt,
  displayUrl,
  t,
}: {
  code: string;
  expiresAt: string;
  displayUrl: string;
  t: ClientMessages<"pairingCodeButton">;
}) {
  return (
    <div role="status" className="rounded-md border border-brand-700 bg-white p-3">
      <p className="text-sm font-medium">{t["counters.pairCode"]}</p>
      <p className="font-mono text-2xl font-bold tracking-wider break-all sm:text-3xl" data-testid="pairing-code">
        {formatPairingCode(code)}
      </p>
      <p className="text-sm text-slate-700">{fill(t["counters.pairInstructions"], { url: displayUrl, time: formatTime(expiresAt) })}</p>
    </div>
  );
}
