"use server";
// Sets the wallet account's opening balance (its balance before the dashboard's first movement),
// once: statements' balances start from it (lib/statements/statement.ts). Admins only; audited,
// and a second attempt is refused and audited too (a changed opening would move every balance).
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { setOpeningBalanceOnce } from "@/lib/db/queries/book-settings";
import { msg } from "@/lib/i18n/message";
import { openingBalanceSchema } from "@/lib/schemas/opening-balance";

export const setOpeningBalanceAction = operatorAction(
  { name: "books.opening_balance", capability: "manageOperators", wholeMerchant: true, input: openingBalanceSchema },
  async (input, { db, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    if (!(await setOpeningBalanceOnce(db, input.amount, operator.email))) {
      await recordAuditEvent(db, { actor, action: "books.opening_balance", outcome: "refused", details: { reason: "already_set" } });
      return { ok: false, code: "FAILED", error: msg("errors.books.openingBalanceSet") };
    }
    await recordAuditEvent(db, { actor, action: "books.opening_balance", outcome: "success", details: { balanceCents: input.amount } });
    revalidatePath("/statements");
    return { ok: true, data: null };
  },
);
