// Inputs for signing in, first-run setup and operator management, shared by forms and actions.
import * as z from "@/lib/schemas/zod";
import { operatorRoleSchema } from "@/lib/schemas/operator-role";
import { msg } from "@/lib/i18n/message";
import { emailFieldSchema } from "@/lib/schemas/email";

export const minPasswordLength = 12;
export const maxPasswordLength = 128;

const emailField = emailFieldSchema(msg("errors.email.empty"));
/** A new password: 12 to 128 characters. */
export const newPasswordField = z
  .string()
  .check(
    z.minLength(minPasswordLength, { error: msg("errors.password.tooShort", { min: minPasswordLength }) }),
    z.maxLength(maxPasswordLength, { error: msg("errors.password.tooLong", { max: maxPasswordLength }) }),
  );
/** The password a person already has: anything up to 128 characters, but not nothing. */
export const currentPasswordField = (emptyMessage: string) =>
  z
    .string()
    .check(
      z.minLength(1, { error: emptyMessage }),
      z.maxLength(maxPasswordLength, { error: msg("errors.password.tooLong", { max: maxPasswordLength }) }),
    );
const nameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: msg("errors.operator.nameEmpty") }),
    z.maxLength(100, { error: msg("errors.operator.nameTooLong", { max: 100 }) }),
  );

export const signInSchema = z.object({
  email: emailField,
  password: currentPasswordField(msg("errors.password.empty")),
});
export type SignInInput = z.input<typeof signInSchema>;

export const firstAdminSchema = z
  .object({ name: nameField, email: emailField, password: newPasswordField, confirmPassword: z.string() })
  .check(
    z.refine((input) => input.password === input.confirmPassword, {
      path: ["confirmPassword"],
      error: msg("errors.password.mismatch"),
    }),
  );
export type FirstAdminInput = z.input<typeof firstAdminSchema>;

export const createOperatorSchema = z.object({ name: nameField, email: emailField, password: newPasswordField, role: operatorRoleSchema });
export type CreateOperatorInput = z.input<typeof createOperatorSchema>;

export const changeOperatorRoleSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(100)), role: operatorRoleSchema });

/**
 * Which stores an operator's role applies to (issue #49): all of them, or at least one chosen store.
 * Store ids are checked against the stores by the action.
 */
export const changeOperatorStoresSchema = z
  .object({
    userId: z.string().check(z.minLength(1), z.maxLength(100)),
    allStores: z.boolean(),
    storeIds: z.array(z.uuid({ error: msg("errors.operator.unknownStores") })).check(z.maxLength(500)),
  })
  .check(
    z.refine((input) => input.allStores || input.storeIds.length > 0, {
      error: msg("errors.operator.storesEmpty"),
      path: ["storeIds"],
    }),
  );
