// Filters of the deliveries list: a plain GET form, so it works without JavaScript.
import { Button } from "@/components/ui/button";
import { deliveryOutcomes } from "@/lib/callbacks/delivery-outcomes";
import type { Messages } from "@/lib/i18n/messages";
import { walletStatuses } from "@/lib/transactions/statuses";

export function InboxFilterForm({ status, outcome, since, t }: { status?: string; outcome?: string; since?: string; t: Messages }) {
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-4" aria-label={t["inbox.filter"]}>
      <div>
        <label htmlFor="inbox-status" className="block text-sm font-medium">
          {t["inbox.status"]}
        </label>
        <select
          id="inbox-status"
          name="status"
          defaultValue={status ?? ""}
          className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2"
        >
          <option value="">{t["inbox.allStatuses"]}</option>
          {walletStatuses.map((value) => (
            <option key={value} value={value}>
              {t[`status.${value}`]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="inbox-outcome" className="block text-sm font-medium">
          {t["inbox.outcome"]}
        </label>
        <select
          id="inbox-outcome"
          name="outcome"
          defaultValue={outcome ?? ""}
          className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2"
        >
          <option value="">{t["inbox.allOutcomes"]}</option>
          <option value="problems">{t["inbox.problemsOnly"]}</option>
          {deliveryOutcomes.map((value) => (
            <option key={value} value={value}>
              {t[`outcome.${value}`]}
            </option>
          ))}
        </select>
      </div>
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
      <Button type="submit">{t["inbox.filter"]}</Button>
    </form>
  );
}
