// An optional callback URL typed by an operator (a charge's custom callback, a resend's new target):
// blank means "none"; anything else must be an absolute http(s) URL. Whether it may be reached (the
// SSRF guard) is decided when it is used, not here.
import { z } from "zod";

export const optionalCallbackUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text ? text : undefined))
  .pipe(
    z
      .url({ protocol: /^https?$/, error: "Enter an absolute http(s) URL, like https://example.com/callback." })
      .max(2000)
      .optional(),
  );
