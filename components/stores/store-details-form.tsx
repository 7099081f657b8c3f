"use client";
// Admins edit a store's details (issue #49): its name, the holder's document, the name payers see and
// its time zone; checked in the browser with the action's schema, saved after a step-up.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { StoreDetailsFields } from "@/components/stores/store-details-fields";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { saveStoreDetailsAction } from "@/lib/actions/save-store-details-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type StoreDetailsInput, storeDetailsSchema } from "@/lib/schemas/stores";

export function StoreDetailsForm({ t, store }: { t: ClientMessages<"storeForms">; store: StoreDetailsInput }) {
  const router = useRouter();
  const id = useId();
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    resolver: zodResolver(storeDetailsSchema),
    defaultValues: store,
    action: (values) => saveStoreDetailsAction(values),
    success: t["stores.detailsSaved"],
    onSuccess: () => router.refresh(),
  });
  const errors = form.formState.errors;
  return (
    <>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        className="mt-3 grid max-w-3xl gap-4 md:grid-cols-2"
        data-testid="store-details-form"
      >
        <input type="hidden" {...form.register("storeId")} />
        <StoreDetailsFields id={id} t={t} register={form.register} errors={errors} />
        <div className="space-y-3 md:col-span-2">
          {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
          <Button type="submit" disabled={pending}>
            {pending ? t["stores.savingDetails"] : t["stores.saveDetails"]}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
