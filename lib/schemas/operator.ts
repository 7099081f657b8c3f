// Inputs for signing in, first-run setup and operator management, shared by forms and actions.
import { z } from "zod";
import { operatorRoleSchema } from "@/lib/auth/roles";

const emailField = z
  .string()
  .trim()
  .min(1, { error: "Enter an e-mail address." })
  .max(254, { error: "E-mail is too long." })
  .pipe(z.email({ error: "Enter a valid e-mail address, like name@company.com." }))
  .transform((email) => email.toLowerCase());
const newPasswordField = z
  .string()
  .min(12, { error: "Password must have at least 12 characters." })
  .max(128, { error: "Password must have at most 128 characters." });
const nameField = z
  .string()
  .trim()
  .min(1, { error: "Enter the person's name." })
  .max(100, { error: "Name must have at most 100 characters." });

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: "Enter your password." }).max(128, { error: "Password must have at most 128 characters." }),
});
export type SignInInput = z.input<typeof signInSchema>;

export const firstAdminSchema = z
  .object({ name: nameField, email: emailField, password: newPasswordField, confirmPassword: z.string() })
  .refine((input) => input.password === input.confirmPassword, { path: ["confirmPassword"], error: "The two passwords do not match." });
export type FirstAdminInput = z.input<typeof firstAdminSchema>;

export const createOperatorSchema = z.object({ name: nameField, email: emailField, password: newPasswordField, role: operatorRoleSchema });
export type CreateOperatorInput = z.input<typeof createOperatorSchema>;

export const changeOperatorRoleSchema = z.object({ userId: z.string().min(1).max(100), role: operatorRoleSchema });
