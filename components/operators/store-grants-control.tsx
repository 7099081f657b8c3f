"use client";
// Which stores an operator's role applies to, changed in place on the operators page (issue #49):
// all stores, or only the ticked ones. Asks for a step-up, like the role.
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { InlineStatus } from "@/components/ui/inline-status";
import { changeOperatorStoresAction } from "@/lib/actions/change-operator-stores-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { StoreChoice } from "@/lib/vocabulary/stores";

export function StoreGrantsControl({
  userId,
  email,
  stores,
  granted,
  t,
}: {
  userId: string;
  email: string;
  /** Every store of the merchant. */
  stores: StoreChoice[];
  /** The operator's stores now: null for all stores. */
  granted: string[] | null;
  t: ClientMessages<"storeGrantsControl">;
}) {
  const [allStores, setAllStores] = useState(granted === null);
  const [chosen, setChosen] = useState<string[]>(granted ?? []);
  const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
  const name = `stores-${userId}`;
  const storesError = fieldErrors.storeIds?.[0];
  const toggle = (id: string, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
  return (
    <form
      className="flex flex-col gap-1"
      data-testid="store-grants"
      onSubmit={(event) => {
        event.preventDefault();
        run(() => changeOperatorStoresAction({ userId, allStores, storeIds: allStores ? [] : chosen }), {
          success: t["operators.storesSaved"],
        });
      }}
    >
      <fieldset aria-describedby={storesError ? `${name}-error` : undefined}>
        <legend className="sr-only">{fill(t["operators.storesLegend"], { email })}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={allStores} onChange={() => setAllStores(true)} />
          {t["operators.storesAll"]}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={!allStores} onChange={() => setAllStores(false)} />
          {t["operators.storesSome"]}
        </label>
        {allStores ? null : (
          <ul className="ml-6">
            {stores.map((store) => (
              <li key={store.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    value={store.id}
                    checked={chosen.includes(store.id)}
                    onChange={(event) => toggle(store.id, event.target.checked)}
                  />
                  <span translate="no">{store.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {storesError ? (
        <p id={`${name}-error`} className="text-sm text-red-800">
          {storesError}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 disabled:text-slate-500"
        >
          {t["operators.saveStores"]}
        </button>
        <InlineStatus message={message} />
      </div>
      {stepUpDialog}
    </form>
  );
}
