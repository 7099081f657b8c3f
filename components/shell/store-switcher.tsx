// The header's store switcher (issue #49): shown only to an operator who may see more than one
// store. A server-rendered form, no client JavaScript (the header is on every page): it posts the
// choice to /api/store-choice, which keeps it in a cookie and sends the browser back to the page;
// the session read checks the cookie against the grants on every request. A labelled select and a
// submit button: usable with the keyboard and a screen reader, and without JavaScript at all.
import type { StoreChoice } from "@/lib/vocabulary/stores";

export function StoreSwitcher({
  stores,
  shown,
  labels,
}: {
  /** The stores the operator may see (more than one, or the switcher is not rendered). */
  stores: StoreChoice[];
  /** The one store shown, or null for all of them. */
  shown: string | null;
  labels: { label: string; all: string; apply: string };
}) {
  return (
    <form method="post" action="/api/store-choice" className="flex items-center gap-2 text-sm" data-testid="store-switcher">
      <label htmlFor="store-switcher-store" className="text-slate-800">
        {labels.label}
      </label>
      <select
        id="store-switcher-store"
        name="store"
        defaultValue={shown ?? ""}
        className="max-w-48 rounded-md border border-slate-400 bg-white px-2 py-1"
      >
        <option value="">{labels.all}</option>
        {stores.map((store) => (
          <option key={store.id} value={store.id} translate="no">
            {store.name}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-100">
        {labels.apply}
      </button>
    </form>
  );
}
