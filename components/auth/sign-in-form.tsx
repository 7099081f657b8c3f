"use client";
import { useActionState, useEffect, useRef, useState } from "react";
import { type CodeMethod, CodeMethodSwitch, useCodeEntry } from "@/components/auth/code-method-switch";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { signInAction } from "@/lib/actions/sign-in-action";
import { verifySignInCodeAction } from "@/lib/actions/verify-sign-in-code-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

type SignInMessages = ClientMessages<"signInForm">;

type PasswordStep = {
  step: "password";
  /** What was typed, kept across a refusal (React resets a form after its action). */
  email: string;
  error?: string;
  fieldErrors?: { email?: string; password?: string };
  /** Bumped on every refusal, so the same refusal twice still moves focus. */
  attempt: number;
};
type SignInState = PasswordStep | { step: "code" };

const start: SignInState = { step: "password", email: "", attempt: 0 };

async function submitPassword(previous: SignInState, formData: FormData): Promise<SignInState> {
  const email = String(formData.get("email") ?? "");
  const password = String(formData.get("password") ?? "");
  // Without two-factor the action redirects; it returns for a code challenge or a refusal.
  const result = await signInAction({ email, password });
  if (!result) return previous;
  if (result.ok) return { step: "code" };
  const attempt = previous.step === "password" ? previous.attempt + 1 : 1;
  const fieldErrors = { email: result.fieldMessages.email?.[0], password: result.fieldMessages.password?.[0] };
  return { step: "password", email, error: result.message, fieldErrors, attempt };
}

export function SignInForm({ t }: { t: SignInMessages }) {
  // "Start over" from the code step remounts the round: a fresh password step and action state.
  const [round, setRound] = useState(0);
  return <SignInRound key={round} t={t} onStartOver={() => setRound((count) => count + 1)} />;
}

function SignInRound({ t, onStartOver }: { t: SignInMessages; onStartOver: () => void }) {
  const [state, formAction, pending] = useActionState(submitPassword, start);
  if (state.step === "code") return <SignInCodeForm t={t} onStartOver={onStartOver} />;
  return <PasswordForm t={t} state={state} formAction={formAction} pending={pending} />;
}

function PasswordForm({
  t,
  state,
  formAction,
  pending,
}: {
  t: SignInMessages;
  state: PasswordStep;
  formAction: (formData: FormData) => void;
  pending: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const { error, fieldErrors, attempt } = state;
  // Each refusal (a new attempt) moves focus; the fields' messages are read from the DOM.
  useEffect(() => {
    if (attempt === 0) return;
    // The first field with a message, else the password (the usual thing to retype).
    const invalid = form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    (invalid ?? form.current?.querySelector<HTMLInputElement>("#password"))?.focus();
  }, [attempt]);

  return (
    <form ref={form} action={formAction} noValidate className="space-y-4">
      <FormMessage kind="error">{error}</FormMessage>
      <TextField
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        label={t["signIn.email"]}
        defaultValue={state.email}
        error={fieldErrors?.email}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={t["signIn.password"]}
        error={fieldErrors?.password}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t["signIn.submitting"] : t["signIn.submit"]}
      </Button>
    </form>
  );
}

type CodeState = { error?: string; attempt: number };

function SignInCodeForm({ t, onStartOver }: { t: SignInMessages; onStartOver: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const { method, code, field: codeField, switchTo } = useCodeEntry<CodeMethod>("totp");
  const [state, formAction, pending] = useActionState(
    async (previous: CodeState): Promise<CodeState> => {
      // Redirects once the code is accepted; returns only a refusal.
      const result = await verifySignInCodeAction({ method, code });
      if (!result || result.ok) return previous;
      return { error: result.fieldMessages.code?.[0] ?? result.message, attempt: previous.attempt + 1 };
    },
    { attempt: 0 },
  );
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (state.attempt > 0) field.current?.focus();
  }, [state.attempt]);

  return (
    <form action={formAction} noValidate className="space-y-4" aria-labelledby="sign-in-code-heading">
      <h2 id="sign-in-code-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {t["signIn.code.title"]}
      </h2>
      <p className="text-sm text-slate-700">{t["signIn.code.intro"]}</p>
      <FormMessage kind="error">{state.error}</FormMessage>
      <TextField
        ref={field}
        id="sign-in-code"
        label={method === "totp" ? t["signIn.code.label"] : t["signIn.code.backupLabel"]}
        inputMode={method === "totp" ? "numeric" : undefined}
        autoComplete="one-time-code"
        {...codeField}
      />
      <CodeMethodSwitch
        method={method}
        onSwitch={switchTo}
        useBackupLabel={t["signIn.code.useBackup"]}
        useAppLabel={t["signIn.code.useApp"]}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={pending} className="flex-1">
          {t["signIn.code.submit"]}
        </Button>
        <Button type="button" variant="secondary" onClick={onStartOver}>
          {t["signIn.code.startOver"]}
        </Button>
      </div>
    </form>
  );
}
