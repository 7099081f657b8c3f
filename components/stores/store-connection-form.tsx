"use client";
// A store's new wallet connection (issue #49): its address and token, typed anew (the token is never
// shown again). The action checks the wallet before saving (a step-up first) and says why when it
// does not save: unreachable, token refused, or an answer that says neither.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { changeStoreConnectionAction } from "@/lib/actions/change-store-connection-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { type StoreConnectionInput, storeConnectionSchema, storeLimits } from "@/lib/schemas/stores";

export function StoreConnectionForm({
  t,
  storeId,
  baseUrl,
  sandboxUrl,
}: {
  t: ClientMessages<"storeForms">;
  storeId: string;
  /** The store's current address ("" for the settings' wallet). */
  baseUrl: string;
  sandboxUrl: string;
}) {
  const router = useRouter();
  const id = useId();
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    resolver: zodResolver(storeConnectionSchema),
    defaultValues: { storeId, baseUrl, token: "" } as StoreConnectionInput,
    action: (values) => changeStoreConnectionAction(values),
    success: t["stores.connectionSaved"],
    onSuccess: (_data, values) => {
      form.reset({ ...values, token: "" });
      router.refresh();
    },
  });
  const errors = form.formState.errors;
  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-3 grid gap-4 md:grid-cols-2" data-testid="store-connection-form">
        <input type="hidden" {...form.register("storeId")} />
        <WalletConnectionFields
          id={id}
          t={t}
          sandboxUrl={sandboxUrl}
          baseUrl={form.register("baseUrl")}
          token={form.register("token")}
          errors={{ baseUrl: errors.baseUrl?.message, token: errors.token?.message }}
        />
        <div className="space-y-3 md:col-span-2">
          {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
          <Button type="submit" disabled={pending}>
            {pending ? t["stores.savingConnection"] : t["stores.saveConnection"]}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}

/** A wallet's address and token, as both store forms ask for them (a new store, a new connection). */
export function WalletConnectionFields({
  id,
  t,
  sandboxUrl,
  baseUrl,
  token,
  errors,
}: {
  id: string;
  t: ClientMessages<"storeForms">;
  sandboxUrl: string;
  baseUrl: UseFormRegisterReturn<"baseUrl">;
  token: UseFormRegisterReturn<"token">;
  errors: { baseUrl?: string | undefined; token?: string | undefined };
}) {
  return (
    <>
      <TextField
        id={`${id}-base-url`}
        label={t["stores.baseUrl"]}
        hint={fill(t["stores.baseUrlHint"], { sandboxUrl })}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={storeLimits.baseUrl}
        error={errors.baseUrl}
        {...baseUrl}
      />
      <TextField
        id={`${id}-token`}
        label={t["stores.token"]}
        hint={t["stores.tokenHint"]}
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={storeLimits.token}
        error={errors.token}
        {...token}
      />
    </>
  );
}
