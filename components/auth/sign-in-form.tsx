"use client";
// Sign-in in two steps: the password, then (for operators with two-factor) a code from the
// authenticator app or a backup code. The code step's heading takes focus so screen readers hear it.
import { translatedResolver } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { signInAction } from "@/lib/actions/sign-in-action";
import { verifySignInCodeAction } from "@/lib/actions/verify-sign-in-code-action";
import type { Messages } from "@/lib/i18n/messages";
import { signInSchema, type SignInInput } from "@/lib/schemas/operator";

type SignInMessages = Pick<
  Messages,
  | "signIn.email"
  | "signIn.password"
  | "signIn.submit"
  | "signIn.submitting"
  | "signIn.code.title"
  | "signIn.code.intro"
  | "signIn.code.label"
  | "signIn.code.backupLabel"
  | "signIn.code.useBackup"
  | "signIn.code.useApp"
  | "signIn.code.submit"
  | "signIn.code.startOver"
>;

export function SignInForm({ t }: { t: SignInMessages }) {
  const [formError, setFormError] = useState<string>();
  const [step, setStep] = useState<"password" | "code">("password");
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: translatedResolver(zodResolver(signInSchema), t),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    // Without two-factor the action redirects; it returns for a code challenge or a refusal.
    const result = await signInAction(values);
    if (!result) return;
    if (result.ok) setStep("code");
    else setFormError(translateMessage(t, result.error));
  });

  if (step === "code") return <SignInCodeForm t={t} onStartOver={() => setStep("password")} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage kind="error">{formError}</FormMessage>
      <TextField
        id="email"
        type="email"
        autoComplete="username"
        label={t["signIn.email"]}
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="password"
        type="password"
        autoComplete="current-password"
        label={t["signIn.password"]}
        error={formState.errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" disabled={formState.isSubmitting} className="w-full">
        {formState.isSubmitting ? t["signIn.submitting"] : t["signIn.submit"]}
      </Button>
    </form>
  );
}

function SignInCodeForm({ t, onStartOver }: { t: SignInMessages; onStartOver: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  return (
    <form
      noValidate
      className="space-y-4"
      aria-labelledby="sign-in-code-heading"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        const result = await verifySignInCodeAction({ method, code });
        setBusy(false);
        if (result && !result.ok) setError(translateMessage(t, result.fieldErrors?.code?.[0] ?? result.error));
      }}
    >
      <h2 id="sign-in-code-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {t["signIn.code.title"]}
      </h2>
      <p className="text-sm text-slate-700">{t["signIn.code.intro"]}</p>
      <FormMessage kind="error">{error}</FormMessage>
      <TextField
        id="sign-in-code"
        label={method === "totp" ? t["signIn.code.label"] : t["signIn.code.backupLabel"]}
        inputMode={method === "totp" ? "numeric" : undefined}
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button
        type="button"
        className="text-sm text-brand-800 underline"
        onClick={() => {
          setMethod(method === "totp" ? "backup" : "totp");
          setCode("");
        }}
      >
        {method === "totp" ? t["signIn.code.useBackup"] : t["signIn.code.useApp"]}
      </button>
      <div className="flex gap-3">
        <Button type="submit" disabled={busy} className="flex-1">
          {t["signIn.code.submit"]}
        </Button>
        <Button type="button" variant="secondary" onClick={onStartOver}>
          {t["signIn.code.startOver"]}
        </Button>
      </div>
    </form>
  );
}
