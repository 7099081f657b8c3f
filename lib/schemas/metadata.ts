// Transaction metadata entered as key/value rows in a form, checked row by row and turned into
// the object of strings the wallet receives. The wallet states no bounds; these are ours.
import { z } from "zod";

export const maxMetadataRows = 20;
export const maxMetadataKeyLength = 40;
export const maxMetadataValueLength = 500;

export const metadataErrorMessages = {
  keyMissing: "Enter a key for this value, or clear the row.",
  keyTooLong: `A key has at most ${maxMetadataKeyLength} characters.`,
  keyCharacters: "A key may use only letters A–Z, digits and . _ -",
  keyReserved: "This key name is reserved; choose another.",
  keyDuplicate: "This key is already used in another row.",
  valueTooLong: `A value has at most ${maxMetadataValueLength} characters.`,
  tooManyRows: `At most ${maxMetadataRows} metadata rows.`,
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
export const metadataRowsSchema = z
  .array(z.object({ key: z.string(), value: z.string() }))
  .default([])
  .superRefine((rows, context) => {
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
  })
  .transform((rows) => {
    const filled = rows.filter((row) => row.key.trim() !== "" || row.value.trim() !== "");
    return Object.fromEntries(filled.map((row) => [row.key.trim(), row.value])) as Record<string, string>;
  });

/** The reverse, to prefill the rows from stored metadata (non-string values are shown as JSON). */
export function metadataToRows(metadata: Record<string, unknown> | null | undefined): MetadataRow[] {
  return Object.entries(metadata ?? {}).map(([key, value]) => ({ key, value: typeof value === "string" ? value : JSON.stringify(value) }));
}
