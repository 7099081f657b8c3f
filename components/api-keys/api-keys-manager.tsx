"use client";
// The API keys page's controls (admins): the form that creates a key and shows its secret once, and
// each key's revoke button. Both actions ask for a step-up; the list is re-read from the server after
// each, so a revoked key shows as revoked at once.
import { StoreChoiceField } from "@/components/stores/store-choice-field";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { useActionForm } from "@/components/forms/use-action-form";
import { InlineStatus } from "@/components/ui/inline-status";
import { TextField } from "@/components/ui/text-field";
import { createApiKeyAction } from "@/lib/actions/create-api-key-action";
import { revokeApiKeyAction } from "@/lib/actions/revoke-api-key-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type ApiScope, apiScopes } from "@/lib/vocabulary/api-scopes";
import type { StoreChoice } from "@/lib/vocabulary/stores";
import { CopyButton } from "@/components/ui/copy-button";

type ApiKeysManagerText = ClientMessages<"apiKeysManager">;
const buttonClass = "rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 disabled:text-slate-500";

/**
 * `stores`: the stores the admin may give a key for (issue #49); the choice shows only with more than
 * one. `allStores`: whether the admin may give a key for every store (their role applies to all).
 */
export function CreateApiKeyForm({
  t,
  stores = [],
  allStores = true,
}: {
  t: ApiKeysManagerText;
  stores?: StoreChoice[];
  allStores?: boolean;
}) {
  const router = useRouter();
  const [secret, setSecret] = useState<string>();
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    defaultValues: { name: "", scopes: [] as ApiScope[], expiresOn: "", storeId: allStores ? "" : (stores[0]?.id ?? "") },
    action: (values) => {
      setSecret(undefined);
      return createApiKeyAction(values);
    },
    success: t["apiKeys.created"],
    onSuccess: (data) => {
      setSecret(data.token);
      form.reset();
      router.refresh();
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <form ref={formRef} className="flex max-w-xl flex-col gap-4" onSubmit={onSubmit}>
      <TextField id="api-key-name" label={t["apiKeys.name"]} error={errors.name?.message} maxLength={80} {...register("name")} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t["apiKeys.scopes"]}</legend>
        {apiScopes.map((scope) => (
          <label key={scope} className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" value={scope} {...register("scopes")} />
            <span>
              {t[`apiKeys.scope.${scope}`]} <code className="text-slate-600">{scope}</code>
            </span>
          </label>
        ))}
        {errors.scopes?.message ? <p className="mt-1 text-sm text-red-700">{errors.scopes.message}</p> : null}
      </fieldset>
      <TextField
        id="api-key-expires-on"
        type="date"
        label={t["apiKeys.expiresOn"]}
        error={errors.expiresOn?.message}
        {...register("expiresOn")}
      />
      <StoreChoiceField
        stores={stores}
        field={register("storeId")}
        error={errors.storeId?.message}
        wording={{ label: t["apiKeys.store"], hint: t["apiKeys.storeHint"] }}
        allStoresOption={allStores ? t["apiKeys.storeAll"] : undefined}
        shown={stores.length > 1 || !allStores}
      />
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className={buttonClass}>
          {t["apiKeys.submit"]}
        </button>
        <InlineStatus message={message} />
      </div>
      {secret ? (
        <div className="rounded-md border border-amber-400 bg-amber-50 p-3" role="status">
          <p className="text-sm font-medium">{t["apiKeys.secretOnce"]}</p>
          <input
            readOnly
            aria-label={t["apiKeys.prefix"]}
            data-testid="api-key-secret"
            value={secret}
            onFocus={(event) => event.target.select()}
            className="mt-2 w-full rounded-md border border-slate-400 bg-white px-2 py-1 font-mono text-sm"
          />
          <CopyButton
            text={secret}
            label={t["apiKeys.copySecret"]}
            copiedMessage={t["ui.copied"]}
            failedMessage={t["ui.copyFailed"]}
            className="mt-2"
          />
        </div>
      ) : null}
      {stepUpDialog}
    </form>
  );
}

export function RevokeApiKeyButton({ id, label, t }: { id: string; label: string; t: ApiKeysManagerText }) {
  const router = useRouter();
  const { run, message, pending, stepUpDialog } = useStepUpAction(t);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-label={`${t["apiKeys.revoke"]}: ${label}`}
        disabled={pending}
        className={buttonClass}
        onClick={() => run(() => revokeApiKeyAction({ id }), { success: t["apiKeys.revokedDone"], onSuccess: () => router.refresh() })}
      >
        {t["apiKeys.revoke"]}
      </button>
      <InlineStatus message={message} />
      {stepUpDialog}
    </span>
  );
}
