// `ids=<id>,<id>`: the pending transactions of one page of the list, whose statuses the list
// follows (app/api/transactions/statuses and its stream). At most a page's worth.
import * as z from "@/lib/schemas/zod";
import { ledgerPageSize } from "@/lib/db/queries/ledger";
import { msg } from "@/lib/i18n/message";

export const transactionIdsSchema = z.pipe(
  z.pipe(
    z.string({ error: msg("errors.route.idsMissing") }),
    z.transform((text) =>
      text
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    ),
  ),
  z.pipe(
    z
      .array(z.uuid({ error: msg("errors.route.idsNotUuid") }))
      .check(
        z.minLength(1, { error: msg("errors.route.idsEmpty") }),
        z.maxLength(ledgerPageSize, { error: msg("errors.route.idsTooMany", { max: ledgerPageSize }) }),
      ),
    z.transform((ids) => [...new Set(ids)]),
  ),
);
