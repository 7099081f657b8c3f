// Transaction metadata entered as key/value rows in a form, checked row by row and turned into
// the object of strings the wallet receives. The wallet states no bounds; these are ours.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const maxMetadataRows = 20;
export const maxMetadataKeyLength = 40;
export const maxMetadataValueLength = 500;

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const metadataErrorMessages = {
  keyMissing: msg("errors.metadata.keyMissing"),
  keyTooLong: msg("errors.metadata.keyTooLong", { max: maxMetadataKeyLength }),
  keyCharacters: msg("errors.metadata.keyCharacters"),
  keyReserved: msg("errors.metadata.keyReserved"),
  keyDuplicate: msg("errors.metadata.keyDuplicate"),
  valueTooLong: msg("errors.metadata.valueTooLong", { max: maxMetadataValueLength }),
  tooManyRows: msg("errors.metadata.tooManyRows", { max: maxMetadataRows }),
} as const;

export type MetadataRow = { key: string; value: string };

const reservedKeys = new Set(["__proto__", "constructor", "prototype"]);

function findKeyProblem(key: string, keysSeen: Set<string>): string | undefined {
  if (key === "") return metadataErrorMessages.keyMissing;
  if (key.length > maxMetadataKeyLength) return metadataErrorMessages.keyTooLong;
  if (!/^[A-Za-z0-9_.-]+$/.test(key)) return metadataErrorMessages.keyCharacters;
  if (reservedKeys.has(key)) return metadataErrorMessages.keyReserved;
  if (keysSeen.has(key)) return metadataErrorMessages.keyDuplicate;
  return undefined;
}

/**
 * Rows as the form holds them. Blank rows (no key and no value) are ignored; every other problem
 * is reported on its row's `key` or `value`, so each input shows its own message.
 */
export const metadataRowsSchema = z.pipe(
  z._default(
    z.array(z.object({ key: z.string(), value: z.string() })).check(
      z.superRefine((rows, context) => {
        const keysSeen = new Set<string>();
        let filledRows = 0;
        rows.forEach((row, index) => {
          const key = row.key.trim();
          if (key === "" && row.value.trim() === "") return;
          filledRows += 1;
          if (row.value.length > maxMetadataValueLength)
            context.addIssue({ code: "custom", path: [index, "value"], message: metadataErrorMessages.valueTooLong });
          const keyProblem = findKeyProblem(key, keysSeen);
          if (keyProblem) context.addIssue({ code: "custom", path: [index, "key"], message: keyProblem });
          else keysSeen.add(key);
        });
        if (filledRows > maxMetadataRows) context.addIssue({ code: "custom", path: [], message: metadataErrorMessages.tooManyRows });
      }),
    ),
    [],
  ),
  z.transform((rows: MetadataRow[]) => {
    const filled = rows.filter((row) => row.key.trim() !== "" || row.value.trim() !== "");
    return Object.fromEntries(filled.map((row) => [row.key.trim(), row.value])) as Record<string, string>;
  }),
);

/** The reverse, to prefill the rows from stored metadata (non-string values are shown as JSON). */
export function metadataToRows(metadata: Record<string, unknown> | null | undefined): MetadataRow[] {
  return Object.entries(metadata ?? {}).map(([key, value]) => ({ key, value: typeof value === "string" ? value : JSON.stringify(value) }));
}
