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
}: {
  t: Pick<Messages, "stores.chooseStore" | "stores.chooseStoreHint">;
  stores: readonly StoreChoice[];
  /** `register("storeId")` of a form, or a value and its change handler. */
  field: Omit<ComponentProps<"select">, "id" | "className" | "children">;
  /** The field's translated error, if the action refused the choice. */
  error?: string;
}) {
  if (stores.length < 2) return null;
  return (
    <div className="max-w-sm">
      <label htmlFor="storeId" className="block text-sm font-medium text-slate-800">
        {t["stores.chooseStore"]}
      </label>
      <p id="storeId-hint" className="mt-0.5 text-sm text-slate-600">
        {t["stores.chooseStoreHint"]}
      </p>
      <select
        id="storeId"
        aria-describedby={error ? "storeId-hint storeId-error" : "storeId-hint"}
        aria-invalid={error ? true : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 ${error ? "border-red-700" : "border-slate-400"}`}
        {...field}
      >
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
