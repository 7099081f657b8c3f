"use client";
// Optional metadata as key/value rows, each input with its own label and error message.
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { CashOutFormInput, CashOutFormOutput } from "@/lib/schemas/cash-out";

type Props = { form: UseFormReturn<CashOutFormInput, unknown, CashOutFormOutput>; t: ClientMessages<"metadataRowsField"> };

export function MetadataRowsField({ form, t }: Props) {
  const rows = useFieldArray({ control: form.control, name: "metadata" });
  const errors = form.formState.errors.metadata;
  return (
    <fieldset className="rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold">{t["cashOut.form.metadata"]}</legend>
      <ul className="space-y-3">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="grid items-start gap-3 md:grid-cols-[1fr_1fr_auto]">
            <TextField
              id={`metadata-${index}-key`}
              autoComplete="off"
              label={`${t["cashOut.form.metadataKey"]} ${index + 1}`}
              error={errors?.[index]?.key?.message}
              {...form.register(`metadata.${index}.key`)}
            />
            <TextField
              id={`metadata-${index}-value`}
              autoComplete="off"
              label={`${t["cashOut.form.metadataValue"]} ${index + 1}`}
              error={errors?.[index]?.value?.message}
              {...form.register(`metadata.${index}.value`)}
            />
            <Button type="button" variant="secondary" className="md:mt-6" onClick={() => rows.remove(index)}>
              {fill(t["cashOut.form.removeMetadata"], { n: index + 1 })}
            </Button>
          </li>
        ))}
      </ul>
      {errors?.root?.message || errors?.message ? (
        <p className="mt-2 text-sm text-red-800">{errors.root?.message ?? errors.message}</p>
      ) : null}
      <Button type="button" variant="secondary" className="mt-3" onClick={() => rows.append({ key: "", value: "" })}>
        {t["cashOut.form.addMetadata"]}
      </Button>
    </fieldset>
  );
}
