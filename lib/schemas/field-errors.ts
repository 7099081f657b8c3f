// A zod error as the field-error map every answer carries (server actions' results and the API's
// problem details alike): each field's messages keyed by its dotted path.
import type * as z from "@/lib/schemas/zod";

/** Every field's messages keyed by dotted path (so nested fields like payer.email map to inputs). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return fieldErrors;
}
