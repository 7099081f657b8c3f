// The pairing code a display device types at /display.
import { z } from "zod";
import { normalizePairingCode, pairingCodeLength } from "@/lib/displays/tokens";

export const displayPairingSchema = z.object({
  code: z
    .string({ error: "Type the pairing code shown on the Counters page." })
    .transform(normalizePairingCode)
    .pipe(
      z
        .string()
        .regex(new RegExp(`^[A-Z0-9]{${pairingCodeLength}}$`), { error: `The pairing code has ${pairingCodeLength} letters and digits.` }),
    ),
});
