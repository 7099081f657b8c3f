// Inputs for two-factor sign-in, step-up, password changes and offboarding, shared by forms and actions.
import * as z from "@/lib/schemas/zod";
import { operatorRoleSchema } from "@/lib/schemas/operator-role";
import { alwaysTwoFactorRoles } from "@/lib/vocabulary/operator-roles";
import { msg } from "@/lib/i18n/message";
import { currentPasswordField, newPasswordField } from "@/lib/schemas/operator";

const withoutSpaces = z.transform((code: string) => code.replace(/\s+/g, ""));

/** A 6-digit authenticator code (spaces ignored) or a backup code. */
export const secondFactorSchema = z.object({
  method: z.enum(["totp", "backup"]),
  code: z.pipe(
    z.pipe(z.string(), withoutSpaces),
    z
      .string()
      .check(z.minLength(1, { error: msg("errors.twoFactor.codeEmpty") }), z.maxLength(40, { error: msg("errors.twoFactor.codeTooLong") })),
  ),
});
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

export const totpCodeSchema = z.object({
  code: z.pipe(z.pipe(z.string(), withoutSpaces), z.string().check(z.regex(/^\d{6}$/, { error: msg("errors.twoFactor.totpFormat") }))),
});

/** Step-up proof: a code (TOTP or backup) for operators with two-factor, the password for the others. */
export const stepUpSchema = z.discriminatedUnion("method", [
  secondFactorSchema,
  z.object({ method: z.literal("password"), code: currentPasswordField(msg("errors.password.empty")) }),
]);

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField(msg("errors.password.currentEmpty")),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], error: msg("errors.password.mismatch") }),
    z.refine((input) => input.newPassword !== input.currentPassword, { path: ["newPassword"], error: msg("errors.password.unchanged") }),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const userIdField = z.string().check(z.minLength(1), z.maxLength(100));

export const operatorIdSchema = z.object({ userId: userIdField });

export const resetOperatorPasswordSchema = z.object({ userId: userIdField, temporaryPassword: newPasswordField });

/** Whole minutes typed in a form, between min and max. */
const wholeMinutes = (min: number, max: number, tooFew: string, tooMany: string) =>
  z.coerce
    .number({ error: msg("errors.minutes.notANumber") })
    .check(
      z.refine(Number.isInteger, { error: msg("errors.minutes.notANumber") }),
      z.gte(min, { error: tooFew }),
      z.lte(max, { error: tooMany }),
    );

export const securityPolicySchema = z.object({
  twoFactorRequiredRoles: z.array(operatorRoleSchema).check(
    z.maxLength(4),
    z.refine((roles) => alwaysTwoFactorRoles.every((role) => roles.includes(role)), {
      error: msg("errors.securitySettings.twoFactorAlwaysRequired"),
    }),
  ),
  idleTimeoutMinutes: wholeMinutes(
    5,
    480,
    msg("errors.minutes.atLeast", { min: 5 }),
    msg("errors.minutes.atMostHours", { max: 480, hours: 8 }),
  ),
  absoluteLifetimeMinutes: wholeMinutes(
    30,
    24 * 60,
    msg("errors.minutes.atLeast", { min: 30 }),
    msg("errors.minutes.atMostHours", { max: 24 * 60, hours: 24 }),
  ),
});

/** Enrolling an authenticator asks for the password again (better-auth requires it, and so does ASVS). */
export const startEnrolmentSchema = z.object({ password: currentPasswordField(msg("errors.password.empty")) });
