"use client";
// The review step: exactly what will be sent (amount in numbers and words, key type, normalised
// key, metadata, reference), the fee and the total that will leave, with "Confirm and send" and
// "Back to edit". Its heading takes focus. The wallet API quotes no fee before a cash-out is sent
// (its `tax` comes back with the created transaction), so the review says so instead of guessing.
import { DescriptionItem } from "@/components/ui/description-list";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { Locale } from "@/lib/i18n/messages";
import { formatBRL } from "@/lib/format";
import type { CashOutFormOutput } from "@/lib/schemas/cash-out";
import { amountInWords } from "@/lib/schemas/money";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";

export type ReviewPhase = "review" | "sending" | "spent";

type Props = {
  cashOut: CashOutFormOutput;
  phase: ReviewPhase;
  error?: string;
  t: ClientMessages<"cashOutReview">;
  locale: Locale;
  onConfirm: () => void;
  onBack: () => void;
  /** The step-up prompt (components/auth/step-up-dialog.tsx), shown when confirming needs it. */
  stepUpDialog?: ReactNode;
  /** The chosen store's name, when the form offered a choice (issue #49). */
  storeName?: string;
};

export function CashOutReview({ cashOut, phase, error, t, locale, onConfirm, onBack, stepUpDialog, storeName }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const metadata = Object.entries(cashOut.metadata);
  const row = (label: string, value: ReactNode, testId?: string) => (
    <DescriptionItem term={label} testId={testId}>
      {value}
    </DescriptionItem>
  );

  return (
    <section aria-labelledby="cash-out-review-heading" className="max-w-3xl space-y-5 rounded-lg border-2 border-amber-500 bg-white p-5">
      <h2 id="cash-out-review-heading" ref={heading} tabIndex={-1} className="text-xl font-bold">
        {t["cashOut.review.title"]}
      </h2>
      <p className="text-slate-800">{t["cashOut.review.intro"]}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {storeName ? row(t["stores.chooseStore"], storeName, "review-store") : null}
        {row(t["cashOut.review.amount"], <span className="text-2xl font-bold">{formatBRL(cashOut.amount)}</span>, "review-amount")}
        {row(t["cashOut.review.amountInWords"], amountInWords(cashOut.amount, locale), "review-amount-words")}
        {row(t["journeys.review.fee"], t["journeys.review.feeUnknown"], "review-fee")}
        {row(
          t["journeys.review.total"],
          <span className="font-semibold">{fill(t["journeys.review.totalValue"], { amount: formatBRL(cashOut.amount) })}</span>,
          "review-total",
        )}
        {row(t["cashOut.review.keyType"], pixKeyTypes[cashOut.pixKey.type][locale].label, "review-key-type")}
        {row(t["cashOut.review.key"], <span className="font-mono text-lg">{cashOut.pixKey.key}</span>, "review-key")}
        {row(
          t["cashOut.review.metadata"],
          metadata.length ? (
            <ul>
              {metadata.map(([key, value]) => (
                <li key={key}>
                  <span className="font-mono">{key}</span>: {value}
                </li>
              ))}
            </ul>
          ) : (
            t["cashOut.review.none"]
          ),
          "review-metadata",
        )}
        {row(t["cashOut.review.externalReference"], cashOut.externalReference ?? t["cashOut.review.none"], "review-external-reference")}
        {row(t["cashOut.review.statusUpdates"], t["cashOut.review.statusUpdatesValue"])}
      </dl>
      <FormMessage kind="error">{error}</FormMessage>
      {phase === "spent" ? (
        <div className="space-y-3">
          <p>{t["cashOut.review.spent"]}</p>
          {/* A full page load: the server hands the new form its own idempotency key. */}
          <a href="/cash-out" className="inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t["cashOut.review.newCashOut"]}
          </a>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="danger" onClick={onConfirm} disabled={phase === "sending"} aria-disabled={phase === "sending"}>
            {phase === "sending" ? t["cashOut.review.sending"] : t["cashOut.review.confirm"]}
          </Button>
          <Button type="button" variant="secondary" onClick={onBack} disabled={phase === "sending"}>
            {t["cashOut.review.back"]}
          </Button>
        </div>
      )}
      {stepUpDialog}
    </section>
  );
}
