// An optional callback URL typed by an operator (a charge's custom callback, a resend's new target):
// blank means "none"; anything else must be an absolute http(s) URL. Whether it may be reached (the
// SSRF guard) is decided when it is used, not here.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const optionalCallbackUrlSchema = z.pipe(
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((text: string | undefined) => (text ? text : undefined)),
  ),
  z.optional(
    z
      .url({ protocol: /^https?$/, error: msg("errors.callbackUrl.invalid") })
      .check(z.maxLength(2000, { error: msg("errors.callbackUrl.tooLong", { max: 2000 }) })),
  ),
);
