"use client";
// The merchant identity settings (admins, issue #51): legal name, CNPJ, address and logo, checked in
// the browser with the action's own schema, then by the audited action, whose field errors land on
// the fields. The logo is read here only as far as its size and kind; the server checks its content
// and redraws it as PNG (lib/merchant-identity/logo.ts).
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { saveMerchantIdentityAction } from "@/lib/actions/save-merchant-identity-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { formatDocumentAsTyped } from "@/lib/vocabulary/brazilian-documents";
import { type MerchantIdentityInput, merchantIdentityLimits, merchantIdentitySchema } from "@/lib/schemas/merchant-identity";

const logoMaxBytes = 200 * 1024;

export function MerchantIdentityForm({
  initial,
  currentLogo,
  t,
}: {
  initial: MerchantIdentityInput;
  /** The stored logo as a data URL, to show beside the file field; null when none. */
  currentLogo: string | null;
  t: ClientMessages<"merchantIdentityForm">;
}) {
  const router = useRouter();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    resolver: zodResolver(merchantIdentitySchema),
    defaultValues: initial,
    action: (values) => saveMerchantIdentityAction(values),
    success: t["merchant.saved"],
    onSuccess: (_data, values) => {
      // The new logo is stored: the page shows it as the current one, the file field starts empty;
      // the CNPJ shows as it is stored, masked and upper case.
      form.reset({ ...values, cnpj: formatDocumentAsTyped(values.cnpj), logo: "", removeLogo: false });
      setChosen(null);
      if (fileInput.current) fileInput.current.value = "";
      router.refresh();
    },
  });
  const errors = form.formState.errors;

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    form.clearErrors("logo");
    setChosen(null);
    form.setValue("logo", "");
    if (!file) return;
    const refusal =
      file.size > logoMaxBytes
        ? t["errors.merchant.logoTooLarge"]
        : !/\.(png|svg)$/i.test(file.name) && !["image/png", "image/svg+xml"].includes(file.type)
          ? t["errors.merchant.logoType"]
          : null;
    if (refusal) {
      form.setError("logo", { type: "manual", message: refusal });
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
    // The server reads the kind from the bytes; the prefix only says it is one of the two.
    form.setValue("logo", `data:image/${/\.svg$/i.test(file.name) ? "svg+xml" : "png"};base64,${btoa(binary)}`);
    form.setValue("removeLogo", false);
    setChosen(file.name);
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="max-w-xl space-y-4 rounded-lg border border-slate-300 bg-white p-5"
      data-testid="merchant-identity-form"
    >
      <TextField
        id={`${id}-legal-name`}
        label={t["merchant.legalName"]}
        autoComplete="organization"
        maxLength={merchantIdentityLimits.legalName}
        error={errors.legalName?.message}
        {...form.register("legalName")}
      />
      <TextField
        id={`${id}-cnpj`}
        label={t["merchant.cnpj"]}
        hint={t["merchant.cnpjHint"]}
        autoComplete="off"
        spellCheck={false}
        className="max-w-xs"
        error={errors.cnpj?.message}
        {...form.register("cnpj")}
      />
      <TextField
        id={`${id}-address`}
        label={t["merchant.address"]}
        autoComplete="street-address"
        maxLength={merchantIdentityLimits.address}
        error={errors.address?.message}
        {...form.register("address")}
      />
      {currentLogo ? (
        <figure className="space-y-1">
          <img src={currentLogo} alt={t["merchant.logoCurrent"]} className="max-h-20 max-w-60 border border-slate-200" />
          <figcaption className="text-sm text-slate-700">{t["merchant.logoCurrent"]}</figcaption>
        </figure>
      ) : null}
      <TextField
        id={`${id}-logo`}
        ref={fileInput}
        type="file"
        accept=".png,.svg,image/png,image/svg+xml"
        label={t["merchant.logo"]}
        hint={t["merchant.logoHint"]}
        error={errors.logo?.message}
        className="[&_input]:text-sm"
        data-testid="merchant-logo"
        onChange={chooseLogo}
      />
      {chosen ? (
        <p className="text-sm text-slate-700" role="status">
          {fill(t["merchant.logoChosen"], { name: chosen })}
        </p>
      ) : null}
      {currentLogo ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" {...form.register("removeLogo")} />
          {t["merchant.removeLogo"]}
        </label>
      ) : null}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Button type="submit" disabled={pending}>
        {pending ? t["merchant.saving"] : t["merchant.save"]}
      </Button>
    </form>
  );
}
