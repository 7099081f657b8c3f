"use server";
// Checks an uploaded payouts CSV and returns its review (or every bad row with its line number).
// Saves nothing. Its problems come back in the operator's language, like an action's failure
// (lib/actions/shown-failure.ts): the upload form carries no `errors.*` dictionary.
import { operatorAction } from "@/lib/actions/operator-action";
import { getMessages } from "@/lib/i18n/locale";
import { translateMessage } from "@/lib/i18n/message";
import {
  parsePayoutCsv,
  payoutCsvUploadSchema,
  summarisePayoutRows,
  type PayoutBatchSummary,
  type PayoutCsvProblem,
} from "@/lib/schemas/payout-csv";
import type { PixKeyType } from "@/lib/vocabulary/pix-key-types";

export type PayoutCsvCheck =
  | { valid: false; fileError: string | null; problems: PayoutCsvProblem[] }
  | {
      valid: true;
      summary: PayoutBatchSummary;
      rows: Array<{ line: number; amountCents: number; pixKeyType: PixKeyType; pixKey: string; reference: string | null }>;
    };

export const checkPayoutCsvAction = operatorAction(
  { name: "payout_batch.check", capability: "moveMoney", input: payoutCsvUploadSchema },
  async ({ csvText }): Promise<{ ok: true; data: PayoutCsvCheck }> => {
    const parsed = parsePayoutCsv(csvText);
    if (!parsed.ok) {
      const { t } = await getMessages();
      const problems = parsed.problems.map((problem) => ({ ...problem, message: translateMessage(t, problem.message) }));
      const fileError = parsed.fileError ? translateMessage(t, parsed.fileError) : null;
      return { ok: true, data: { valid: false as const, fileError, problems } };
    }
    return {
      ok: true,
      data: {
        valid: true as const,
        summary: summarisePayoutRows(parsed.rows),
        rows: parsed.rows.map(({ line, order }) => ({
          line,
          amountCents: order.amount,
          pixKeyType: order.pixKey.type,
          pixKey: order.pixKey.key,
          reference: order.externalReference ?? null,
        })),
      },
    };
  },
);
