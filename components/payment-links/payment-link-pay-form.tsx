"use client";
// The payer's form on a payment link's public page: name, CPF/CNPJ, e-mail and, where the payer
// chooses, the amount. Kept lean for phones (no form library): it posts JSON to the link's route,
// which checks everything again, and goes on to the charge's payer page. The idempotency key comes
// with the page, so a double tap (or a retry after a lost answer) finds the same charge.
import { type FormEvent, useRef, useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { Button } from "@/components/ui/button";

type Labels = { name: string; document: string; email: string; amount: string; amountHint?: string; submit: string; failed: string };
type Problem = { detail?: string; errors?: { path: string; detail: string }[] };

export function PaymentLinkPayForm({
  slug,
  idempotencyKey,
  payerChooses,
  labels,
}: {
  slug: string;
  idempotencyKey: string;
  payerChooses: boolean;
  labels: Labels;
}) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setMessage("");
    const body = Object.fromEntries(new FormData(event.currentTarget));
    try {
      const response = await fetch(`/l/${slug}/pay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...body, idempotencyKey }),
      });
      const answer = (await response.json().catch(() => ({}))) as Problem & { next?: string };
      if (response.ok && answer.next) {
        window.location.assign(answer.next);
        return;
      }
      const errors: Record<string, string> = {};
      for (const error of answer.errors ?? []) errors[error.path] ??= error.detail;
      setFieldErrors(errors);
      setMessage(Object.keys(errors).length ? "" : (answer.detail ?? labels.failed));
      const firstInvalid = Object.keys(errors)[0];
      if (firstInvalid) formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
    } catch {
      setMessage(labels.failed);
    }
    setPending(false);
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="payment-link-form">
      <TextField
        id="payerName"
        name="payerName"
        label={labels.name}
        autoComplete="name"
        maxLength={100}
        required
        error={fieldErrors.payerName}
      />
      <TextField
        id="payerDocument"
        name="payerDocument"
        label={labels.document}
        inputMode="numeric"
        maxLength={18}
        required
        error={fieldErrors.payerDocument}
      />
      <TextField
        id="payerEmail"
        name="payerEmail"
        type="email"
        label={labels.email}
        autoComplete="email"
        maxLength={254}
        required
        error={fieldErrors.payerEmail}
      />
      {payerChooses ? (
        <TextField
          id="amount"
          name="amount"
          label={labels.amount}
          hint={labels.amountHint}
          inputMode="decimal"
          maxLength={20}
          required
          error={fieldErrors.amount}
        />
      ) : null}
      {message ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-testid="payment-link-message">
          {message}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {labels.submit}
      </Button>
    </form>
  );
}
