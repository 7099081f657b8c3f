"use client";
// Admins add a store (issue #49): its name, the account holder's document, the name payers see, its
// time zone, and its wallet (an address and a token, or neither for the settings' wallet). Checked in
// the browser with the action's own schema; the action checks the wallet before saving anything
// (a step-up first) and says why when it does not save.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { StoreDetailsFields } from "@/components/stores/store-details-fields";
import { WalletConnectionFields } from "@/components/stores/store-connection-form";
import { createStoreAction } from "@/lib/actions/create-store-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type CreateStoreInput, createStoreSchema } from "@/lib/schemas/stores";
import { ledgerTimeZone } from "@/lib/vocabulary/sao-paulo-dates";

const blank: CreateStoreInput = { name: "", holderDocument: "", payerFacingName: "", timeZoneName: ledgerTimeZone, baseUrl: "", token: "" };

export function CreateStoreForm({ t, sandboxUrl }: { t: ClientMessages<"storeForms">; sandboxUrl: string }) {
  const router = useRouter();
  const id = useId();
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    resolver: zodResolver(createStoreSchema),
    defaultValues: blank,
    action: (values) => createStoreAction(values),
    success: t["stores.created"],
    onSuccess: () => {
      form.reset(blank);
      router.refresh();
    },
  });
  const errors = form.formState.errors;
  return (
    <>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-3xl gap-4 rounded-lg border border-slate-300 bg-white p-5 md:grid-cols-2"
        aria-labelledby="add-store-heading"
        data-testid="create-store-form"
      >
        <StoreDetailsFields id={id} t={t} register={form.register} errors={errors} />
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
            {pending ? t["stores.creating"] : t["stores.create"]}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
