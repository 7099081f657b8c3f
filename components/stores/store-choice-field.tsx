// The one store choice of a money form (issue #49): which store's wallet makes the charge or sends
// the money, and whose rows they become. Shown only when the operator may act for more than one
// store; the action checks the choice again (lib/actions/store-choice.ts), whatever was sent.
import type { ComponentProps } from "react";
import type { Messages } from "@/lib/i18n/messages";
import type { StoreChoice } from "@/lib/vocabulary/stores";

export function StoreChoiceField({
  t,
  stores,
  field,
  error,
  wording,
  allStoresOption,
  shown = stores.length > 1,
}: {
  stores: readonly StoreChoice[];
  /** `register("storeId")` of a form, or a value and its change handler. */
  field: Omit<ComponentProps<"select">, "id" | "className" | "children">;
  /** The field's translated error, if the action refused the choice. */
  error?: string;
} & (
  | { t: Pick<Messages, "stores.chooseStore" | "stores.chooseStoreHint">; wording?: undefined }
  /** Another label and hint than a money form's (an API key's store). */
  | { t?: undefined; wording: { label: string; hint: string } }
) & {
    /** A first option of no store, "every store", where the choice allows it (an API key for all stores). */
    allStoresOption?: string;
    /** Whether to show the choice: by default only with more than one store. */
    shown?: boolean;
  }) {
  if (!shown) return null;
  return (
    <div className="max-w-sm">
      <label htmlFor="storeId" className="block text-sm font-medium text-slate-800">
        {wording ? wording.label : t["stores.chooseStore"]}
      </label>
      <p id="storeId-hint" className="mt-0.5 text-sm text-slate-600">
        {wording ? wording.hint : t["stores.chooseStoreHint"]}
      </p>
      <select
        id="storeId"
        aria-describedby={error ? "storeId-hint storeId-error" : "storeId-hint"}
        aria-invalid={error ? true : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 ${error ? "border-red-700" : "border-slate-400"}`}
        {...field}
      >
        {allStoresOption === undefined ? null : <option value="">{allStoresOption}</option>}
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="storeId-error" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
