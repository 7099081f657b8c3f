"use client";
// The PIX key type selector and the key input. The input's type, placeholder and hint follow the
// chosen type, and changing the type re-checks a key already typed, so a stale "valid" never shows.
import type { UseFormReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { Locale } from "@/lib/i18n/messages";
import { formatDocumentAsTyped } from "@/lib/vocabulary/brazilian-documents";
import type { CashOutFormInput, CashOutFormOutput } from "@/lib/schemas/cash-out";
import { type PixKeyType, pixKeyTypes, pixKeyTypeValues } from "@/lib/vocabulary/pix-key-types";

/** Browser hints per type: the right keyboard on phones, no autocorrection of keys. */
const inputTypeOf: Record<PixKeyType, { type: string; inputMode: "email" | "tel" | "text" }> = {
  EMAIL: { type: "email", inputMode: "email" },
  PHONE: { type: "tel", inputMode: "tel" },
  DOCUMENT: { type: "text", inputMode: "text" }, // the alphanumeric CNPJ has letters
  RANDOM: { type: "text", inputMode: "text" },
};

export const pixKeyTypeInputId = (type: PixKeyType) => `pixKeyType-${type}`;

type Props = { form: UseFormReturn<CashOutFormInput, unknown, CashOutFormOutput>; t: ClientMessages<"pixKeyFields">; locale: Locale };

export function PixKeyFields({ form, t, locale }: Props) {
  const { register, watch, trigger, getValues, formState } = form;
  const isSubmitted = formState.isSubmitted; // read during render so the callback below sees it
  const selectedType = watch("pixKey.type") as PixKeyType | undefined;
  const typeText = selectedType ? pixKeyTypes[selectedType][locale] : undefined;
  const typeError = formState.errors.pixKey?.type?.message;
  const keyError = formState.errors.pixKey?.key?.message;

  const typeField = register("pixKey.type", {
    onChange: () => {
      // Judge the key again by its new type, once there is something to judge.
      if (getValues("pixKey.key") !== "" || isSubmitted) void trigger("pixKey.key");
    },
  });
  const keyField = register("pixKey.key");

  return (
    <div className="space-y-4">
      <fieldset
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: role=radiogroup lets the group carry aria-invalid and its error, which a plain fieldset cannot
        role="radiogroup"
        aria-labelledby="pixKeyType-legend"
        aria-invalid={typeError ? true : undefined}
        aria-describedby={typeError ? "pixKeyType-error" : undefined}
        className="rounded-lg border border-slate-300 p-4"
      >
        <legend id="pixKeyType-legend" className="px-1 font-semibold">
          {t["cashOut.form.keyType"]}
        </legend>
        <div className="grid gap-2 sm:grid-cols-4">
          {pixKeyTypeValues.map((type) => (
            <label
              key={type}
              htmlFor={pixKeyTypeInputId(type)}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 font-medium ${selectedType === type ? "border-brand-700 bg-emerald-50" : "border-slate-400 bg-white"}`}
            >
              <input id={pixKeyTypeInputId(type)} type="radio" value={type} className="h-4 w-4 accent-brand-700" {...typeField} />
              {pixKeyTypes[type][locale].label}
            </label>
          ))}
        </div>
        {typeError ? (
          <p id="pixKeyType-error" className="mt-2 text-sm text-red-800">
            {typeError}
          </p>
        ) : null}
      </fieldset>

      <TextField
        id="pixKey"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        label={typeText ? fill(t["cashOut.form.key"], { type: typeText.label }) : t["cashOut.form.keyNoType"]}
        hint={typeText?.hint ?? t["cashOut.form.keyHintNoType"]}
        placeholder={typeText?.placeholder}
        error={keyError}
        {...(selectedType ? inputTypeOf[selectedType] : { type: "text" })}
        {...keyField}
        onChange={(event) => {
          if (selectedType === "DOCUMENT") event.target.value = formatDocumentAsTyped(event.target.value);
          return keyField.onChange(event);
        }}
      />
    </div>
  );
}
