// `ids=<id>,<id>`: the pending transactions of one page of the list, whose statuses the list
// follows (app/api/transactions/statuses and its stream). At most a page's worth.
import { z } from "zod";
import { ledgerPageSize } from "@/lib/db/queries/ledger";
import { msg } from "@/lib/i18n/message";

export const transactionIdsSchema = z
  .string({ error: msg("errors.route.idsMissing") })
  .transform((text) =>
    text
      .split(",")
      .map((id) => id.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ error: msg("errors.route.idsNotUuid") }))
      .min(1, { error: msg("errors.route.idsEmpty") })
      .max(ledgerPageSize, { error: msg("errors.route.idsTooMany", { max: ledgerPageSize }) })
      .transform((ids) => [...new Set(ids)]),
  );
