"use server";
// The search of a person's request: what is held about one CPF/CNPJ, e-mail or phone, counted and
// listed (masked: the full data leaves only through the audited export). Admin only.
import * as z from "@/lib/schemas/zod";
import { type ActionResult, operatorAction } from "@/lib/actions/operator-action";
import { findPersonRecords, subjectSchema } from "@/lib/personal-data/person-requests";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";
import type { CreationState, TransactionKind, WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export type PersonSummary = {
  /** `status` is the wallet's, or where the creation stands when the wallet gave none: codes, shown through lib/vocabulary/code-labels.ts. */
  transactions: Array<{
    id: string;
    kind: TransactionKind;
    status: WalletStatus | CreationState;
    amountCents: number;
    who: string;
    createdAt: string;
  }>;
  payoutRows: number;
  callbackBodies: number;
  quarantined: number;
};

export const findPersonalDataAction = operatorAction(
  { name: "personal_data.find", capability: "handlePersonalDataRequests", input: z.object({ subject: subjectSchema }) },
  async ({ subject }, { db }): Promise<ActionResult<PersonSummary>> => {
    const records = await findPersonRecords(db, subject);
    return {
      ok: true,
      data: {
        transactions: records.transactions.map((row) => {
          const masked = maskPersonalFields(row);
          return {
            id: row.id,
            kind: row.kind,
            status: row.status ?? row.creationState,
            amountCents: row.amountCents,
            who: [masked.payerName, masked.payerEmail, masked.payerDocument, masked.payerPhone, masked.pixKey].filter(Boolean).join(" · "),
            createdAt: row.createdAt.toISOString(),
          };
        }),
        payoutRows: records.payoutRows.length,
        callbackBodies: records.callbackDeliveries.length,
        quarantined: records.quarantined.length,
      },
    };
  },
);
