// The pairing code a display device types at /display.
import { z } from "zod";
import { msg } from "@/lib/i18n/message";
import { normalizePairingCode, pairingCodeLength } from "@/lib/vocabulary/pairing-code";

export const displayPairingSchema = z.object({
  code: z
    .string({ error: msg("errors.pairing.empty") })
    .transform(normalizePairingCode)
    .pipe(
      z
        .string()
        .regex(new RegExp(`^[A-Z0-9]{${pairingCodeLength}}$`), { error: msg("errors.pairing.format", { length: pairingCodeLength }) }),
    ),
});
