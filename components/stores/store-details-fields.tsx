// A store's details (issue #49): its name, the name payers see, the account holder's document and its
// time zone; the same fields on the form that adds a store and the one that edits them.
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { storeLimits } from "@/lib/schemas/stores";
import { storeTimeZones } from "@/lib/vocabulary/sao-paulo-dates";

type DetailField = "name" | "holderDocument" | "payerFacingName" | "timeZoneName";

export function StoreDetailsFields({
  id,
  t,
  register,
  errors,
}: {
  /** A prefix for the fields' ids (several forms on one page). */
  id: string;
  t: ClientMessages<"storeForms">;
  register: (name: DetailField) => UseFormRegisterReturn;
  /** The form's field errors (formState.errors). */
  errors: Partial<Record<DetailField, { message?: string }>>;
}) {
  return (
    <>
      <TextField
        id={`${id}-name`}
        label={t["stores.name"]}
        autoComplete="off"
        maxLength={storeLimits.name}
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id={`${id}-payer-name`}
        label={t["stores.payerFacingName"]}
        autoComplete="off"
        maxLength={storeLimits.payerFacingName}
        error={errors.payerFacingName?.message}
        {...register("payerFacingName")}
      />
      <TextField
        id={`${id}-document`}
        label={t["stores.holderDocument"]}
        hint={t["stores.holderDocumentHint"]}
        autoComplete="off"
        spellCheck={false}
        error={errors.holderDocument?.message}
        {...register("holderDocument")}
      />
      <div>
        <label htmlFor={`${id}-time-zone`} className="block text-sm font-medium text-slate-800">
          {t["stores.timeZone"]}
        </label>
        <select
          id={`${id}-time-zone`}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
          {...register("timeZoneName")}
        >
          {storeTimeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/^America\//, "").replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
