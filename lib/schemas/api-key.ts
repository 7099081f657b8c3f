// The key management form's input (admin page, lib/actions/create-api-key-action.ts): a name, at
// least one scope, an optional last day (São Paulo) the key works, and one store or all (issue #49).
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { apiScopes } from "@/lib/vocabulary/api-scopes";
import { calendarDateErrors } from "@/lib/schemas/calendar-dates";
import { isSupportedDay, nextCalendarDay, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";

export const maxApiKeyNameLength = 80;

export const createApiKeySchema = z
  .pipe(
    z.object({
      name: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: msg("errors.apiKeys.nameEmpty") }),
          z.maxLength(maxApiKeyNameLength, { error: msg("errors.apiKeys.nameTooLong", { max: maxApiKeyNameLength }) }),
        ),
      scopes: z.array(z.enum(apiScopes)).check(z.minLength(1, { error: msg("errors.apiKeys.scopesEmpty") })),
      /** The last São Paulo day the key works ("" or absent: no expiry). */
      expiresOn: z
        .optional(z.string().check(z.trim()))
        .check(z.refine((day) => !day || isSupportedDay(day), { error: calendarDateErrors.day })),
      /** The one store the key acts for ("" or absent: every store). */
      storeId: z.optional(z.union([z.literal(""), z.uuid({ error: msg("errors.apiKeys.unknownStore") })])),
    }),
    z.transform(({ expiresOn, scopes, storeId, ...input }) => ({
      ...input,
      storeId: storeId || null,
      scopes: [...new Set(scopes)],
      expiresAt: expiresOn ? saoPauloDayStart(nextCalendarDay(expiresOn)) : null,
    })),
  )
  .check(
    z.refine((input) => !input.expiresAt || input.expiresAt.getTime() > Date.now(), {
      error: msg("errors.apiKeys.expiryPast"),
      path: ["expiresOn"],
    }),
  );
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ id: z.uuid({ error: msg("errors.apiKeys.notFound") }) });
