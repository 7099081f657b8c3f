// The Overview before anything was recorded: what to do first, instead of tables of zeros. Each
// step shows only if the operator's role can take it (and the sandbox only when it is connected).
import { ArrowRight, FlaskConical, QrCode, Send } from "lucide-react";
import { Link } from "@/components/ui/link";
import type { Messages } from "@/lib/i18n/messages";

export type FirstUseStep = "charge" | "cashOut" | "sandbox";

const steps = {
  charge: { href: "/cash-in", icon: QrCode, title: "overview.firstUse.charge", hint: "overview.firstUse.chargeHint" },
  cashOut: { href: "/cash-out", icon: Send, title: "overview.firstUse.cashOut", hint: "overview.firstUse.cashOutHint" },
  sandbox: { href: "/sandbox", icon: FlaskConical, title: "overview.firstUse.sandbox", hint: "overview.firstUse.sandboxHint" },
} as const;

export function FirstUsePanel({ available, t }: { available: FirstUseStep[]; t: Messages }) {
  return (
    <section aria-labelledby="first-use-heading" className="mb-8 rounded-lg border border-brand-700 bg-white p-5" data-testid="first-use">
      <h2 id="first-use-heading" className="text-xl font-semibold text-slate-900">
        {t["overview.firstUse.title"]}
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">{t["overview.firstUse.body"]}</p>
      {available.length === 0 ? null : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {available.map((name) => {
            const step = steps[name];
            const Icon = step.icon;
            return (
              <li key={name}>
                <Link
                  href={step.href}
                  className="flex h-full gap-3 rounded-md border border-slate-300 p-3 hover:border-brand-700 hover:bg-slate-50"
                >
                  <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  <span>
                    <span className="flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2">
                      {t[step.title]}
                      <ArrowRight aria-hidden="true" className="h-4 w-4" />
                    </span>
                    <span className="mt-1 block text-sm text-slate-700">{t[step.hint]}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
