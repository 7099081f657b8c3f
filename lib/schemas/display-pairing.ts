// The pairing code a display device types at /display.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { normalizePairingCode, pairingCodeLength } from "@/lib/vocabulary/pairing-code";

export const displayPairingSchema = z.object({
  code: z.pipe(
    z.pipe(z.string({ error: msg("errors.pairing.empty") }), z.transform(normalizePairingCode)),
    z
      .string()
      .check(
        z.regex(new RegExp(`^[A-Z0-9]{${pairingCodeLength}}$`), { error: msg("errors.pairing.format", { length: pairingCodeLength }) }),
      ),
  ),
});
