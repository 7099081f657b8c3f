// A charge's result: QR code, copy-and-paste code, countdown, live status, the payer display link
// and (sandbox) QA's buttons; once final, a notice instead. Rendered by the result page on the
// server and by the cash-in form in the browser, from the action's answer, so a new charge shows
// without a second round trip. No hooks here: it must render in both places. What changes with the
// status follows the charge's live state (LiveTransaction: the badge, the notice, the paid time,
// and what goes once it is final), so a payment shows with no server render of the page.
import { Link } from "@/components/ui/link";
import type { ReactNode, Ref } from "react";
import { CashInActions } from "@/components/cash-in/cash-in-actions";
import { SandboxStatusControls } from "@/components/sandbox/sandbox-status-controls";
import { LiveChargeClosed } from "@/components/cash-in/live-charge-closed";
import { LiveFinalAt, LiveStatus, LiveTransaction, LiveWhilePending } from "@/components/transactions/live-status";
import { PixCodeCopyPaste } from "@/components/ui/pix-code-copy-paste";
import { Countdown } from "@/components/ui/countdown";
import { DescriptionItem } from "@/components/ui/description-list";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { CashInResultModel } from "@/lib/cash-in/cash-in-result-model";

export function CashInResult({
  charge,
  t,
  headingRef,
}: {
  charge: CashInResultModel;
  t: ClientMessages<"cashInResult">;
  /** The form focuses the heading when it replaces itself with the result. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const amount = charge.amount;
  const none = t["journeys.charge.none"];
  const row = (label: string, value: ReactNode, testId?: string) => (
    <DescriptionItem term={label} testId={testId}>
      {value}
    </DescriptionItem>
  );

  return (
    <>
      <PageHeader title={`${t["cashIn.result.title"]} ${amount}`} headingRef={headingRef} />
      {charge.outcomeUnknown ? <FormMessage kind="error">{t["cashIn.result.outcomeUnknown"]}</FormMessage> : null}
      {charge.untracked ? (
        <p className="mb-4 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">{t["cashIn.result.untracked"]}</p>
      ) : null}
      {charge.created ? (
        <LiveTransaction transactionId={charge.id} initial={charge.live} follow={!charge.finalStatus} locale={charge.locale}>
          <div className="grid gap-8 lg:grid-cols-[auto_1fr]">
            <div>
              <LiveChargeClosed t={t} />
              {charge.qrcodeImage ? (
                <LiveWhilePending>
                  {/* A data: URI from the wallet; next/image adds nothing for it. */}
                  <img
                    src={charge.qrcodeImage}
                    alt={fill(t["cashIn.result.qrAlt"], { amount })}
                    width={280}
                    height={280}
                    className="rounded-lg border border-slate-300 bg-white p-2"
                  />
                </LiveWhilePending>
              ) : null}
            </div>
            <div className="min-w-0 space-y-5">
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
                {row(t["cashIn.result.amount"], <span className="text-xl font-bold">{amount}</span>, "cash-in-amount")}
                {row(t["cashIn.result.status"], <LiveStatus t={t} />)}
                {row(t["cashIn.result.payer"], charge.payer, "cash-in-payer")}
                {row(t["journeys.charge.document"], charge.document ?? none, "cash-in-document")}
                {row(t["journeys.charge.phone"], charge.phone ?? none, "cash-in-phone")}
                {row(t["journeys.charge.description"], charge.description ?? none, "cash-in-description")}
                {row(t["journeys.charge.externalReference"], charge.externalReference ?? none, "cash-in-external-reference")}
                <LiveFinalAt
                  terms={{
                    SUCCEED: t["journeys.charge.finalAt.SUCCEED"],
                    CANCELED: t["journeys.charge.finalAt.CANCELED"],
                    FAILED: t["journeys.charge.finalAt.FAILED"],
                  }}
                  testId="cash-in-final-at"
                />
                {charge.expiresAt !== null && charge.remainingMs !== null ? (
                  <LiveWhilePending>
                    {row(t["cashIn.result.expiresAt"], charge.expiresAt, "cash-in-expires-at")}
                    {row(
                      t["cashIn.result.timeLeft"],
                      <Countdown remainingMsAtRender={charge.remainingMs} expiredLabel={t["cashIn.result.expired"]} />,
                    )}
                  </LiveWhilePending>
                ) : null}
              </dl>
              <LiveWhilePending>
                <PixCodeCopyPaste
                  id="code-copy-paste"
                  layout="dashboard"
                  code={charge.codeCopyPaste}
                  label={t["cashIn.result.copyPaste"]}
                  copy={{
                    label: t["cashIn.result.copy"],
                    copiedMessage: t["cashIn.result.copied"],
                    failedMessage: t["cashIn.result.copyFailed"],
                  }}
                />
              </LiveWhilePending>
              <CashInActions transactionId={charge.id} payerPath={charge.payerPath} canSimulatePayment={charge.canSimulatePayment} t={t} />
              {charge.showSandboxControls ? (
                <LiveWhilePending>
                  <SandboxStatusControls transactionId={charge.id} changes={["expireCashIn"]} t={t} />
                </LiveWhilePending>
              ) : null}
            </div>
          </div>
        </LiveTransaction>
      ) : null}
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link href={`/transactions/${charge.id}`} className="font-medium text-brand-700 underline">
          {t["journeys.charge.openDetail"]}
        </Link>
        <Link href="/cash-in" className="font-medium text-brand-700 underline">
          {t["cashIn.result.newCharge"]}
        </Link>
      </p>
    </>
  );
}
