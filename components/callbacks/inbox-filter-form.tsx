// Filters of the deliveries list: a plain GET form, so it works without JavaScript.
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/filter-select";
import { deliveryOutcomes } from "@/lib/vocabulary/delivery-outcomes";
import type { Messages } from "@/lib/i18n/messages";
import { walletStatuses } from "@/lib/vocabulary/transaction-statuses";
import { callbackLogSort } from "@/lib/vocabulary/callback-log-list";

export function InboxFilterForm({
  status,
  outcome,
  since,
  sort,
  kept = {},
  t,
}: {
  status?: string;
  outcome?: string;
  since?: string;
  /** The list's order when not the default (the headers sort it too, but phones show no headers). */
  sort?: string;
  /** The list's look (cols, density), kept when the filters change. */
  kept?: Record<string, string | undefined>;
  t: Messages;
}) {
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-4" aria-label={t["inbox.filter"]}>
      {Object.entries(kept).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <FilterSelect
        id="inbox-status"
        name="status"
        label={t["inbox.status"]}
        anyLabel={t["inbox.allStatuses"]}
        defaultValue={status}
        options={walletStatuses.map((value) => ({ value, label: t[`status.${value}`] }))}
      />
      <FilterSelect
        id="inbox-outcome"
        name="outcome"
        label={t["inbox.outcome"]}
        anyLabel={t["inbox.allOutcomes"]}
        defaultValue={outcome}
        options={[
          { value: "problems", label: t["inbox.problemsOnly"] },
          ...deliveryOutcomes.map((value) => ({ value, label: t[`outcome.${value}`] })),
        ]}
      />
      <div>
        <label htmlFor="inbox-since" className="block text-sm font-medium">
          {t["inbox.since"]}
        </label>
        <input
          id="inbox-since"
          name="since"
          type="datetime-local"
          defaultValue={since ?? ""}
          className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2"
        />
      </div>
      <FilterSelect
        id="inbox-sort"
        name="sort"
        label={t["table.order"]}
        anyLabel={t[`inbox.sort.${callbackLogSort.defaultSort}`]}
        defaultValue={sort}
        options={callbackLogSort.sorts
          .filter((value) => value !== callbackLogSort.defaultSort)
          .map((value) => ({ value, label: t[`inbox.sort.${value}`] }))}
      />
      <Button type="submit">{t["inbox.filter"]}</Button>
    </form>
  );
}
