"use server";
// The signed-in operator's saved views of the Transactions list: the views control's query data
// (seeded by the page, fetched again after a save, rename or delete invalidates its key).
import { operatorAction } from "@/lib/actions/operator-action";
import { listSavedViewsSchema } from "@/lib/schemas/saved-views";
import { listLedgerViews } from "@/lib/saved-views/ledger-views";

export const listLedgerViewsAction = operatorAction(
  { name: "saved_view.list", capability: "read", input: listSavedViewsSchema },
  async (_input, { db, operator }) => ({ ok: true, data: await listLedgerViews(db, operator.id) }),
);
