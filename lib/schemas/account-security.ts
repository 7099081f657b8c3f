// Inputs for two-factor sign-in, step-up, password changes and offboarding, shared by forms and actions.
import { z } from "zod";
import { operatorRoleSchema } from "@/lib/auth/roles";

const newPasswordField = z
  .string()
  .min(12, { error: "Password must have at least 12 characters." })
  .max(128, { error: "Password must have at most 128 characters." });

/** A 6-digit authenticator code (spaces ignored) or a backup code. */
export const secondFactorSchema = z.object({
  method: z.enum(["totp", "backup"]),
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ""))
    .pipe(z.string().min(1, { error: "Enter the code." }).max(40, { error: "This code is too long." })),
});
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "Enter the 6-digit code from your authenticator app." })),
});

/** Step-up proof: a code (TOTP or backup) for operators with two-factor, the password for the others. */
export const stepUpSchema = z.discriminatedUnion("method", [
  secondFactorSchema,
  z.object({
    method: z.literal("password"),
    code: z.string().min(1, { error: "Enter your password." }).max(128, { error: "Password must have at most 128 characters." }),
  }),
]);

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: "Enter your current password." }).max(128),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], error: "The two passwords do not match." })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    error: "Choose a password different from the current one.",
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const operatorIdSchema = z.object({ userId: z.string().min(1).max(100) });

export const resetOperatorPasswordSchema = z.object({ userId: z.string().min(1).max(100), temporaryPassword: newPasswordField });

export const securityPolicySchema = z.object({
  twoFactorRequiredRoles: z.array(operatorRoleSchema).max(4),
  idleTimeoutMinutes: z.coerce
    .number({ error: "Enter a number of minutes." })
    .int()
    .min(5, { error: "At least 5 minutes." })
    .max(480, { error: "At most 480 minutes (8 hours)." }),
  absoluteLifetimeMinutes: z.coerce
    .number({ error: "Enter a number of minutes." })
    .int()
    .min(30, { error: "At least 30 minutes." })
    .max(24 * 60, { error: "At most 1440 minutes (24 hours)." }),
});

/** Enrolling an authenticator asks for the password again (better-auth requires it, and so does ASVS). */
export const startEnrolmentSchema = z.object({
  password: z.string().min(1, { error: "Enter your password." }).max(128, { error: "Password must have at most 128 characters." }),
});
