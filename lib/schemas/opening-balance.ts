// The wallet account's opening balance, typed in reais as on the other money fields ("12.345,67",
// read by the one parser, lib/schemas/money.ts): zero or more, to the cent, up to R$ 100 billion (an
// account's balance, not one transfer, so the cash-out cap does not apply).
import { msg } from "@/lib/i18n/message";
import { parseReaisToCents } from "@/lib/schemas/money";
import * as z from "@/lib/schemas/zod";

const openingBalanceBounds = { allowZero: true, maxCents: 10_000_000_000_000, tooLarge: msg("errors.books.openingBalance") };

export const openingBalanceSchema = z.object({
  amount: z.pipe(
    z.string(),
    z.transform((text: string, context) => {
      const result = parseReaisToCents(text, openingBalanceBounds);
      return result.ok ? result.cents : z.refuse(context, result.error, text);
    }),
  ),
});
