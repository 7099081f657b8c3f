// The role field of the operator and security-policy forms.
// zod/mini: client forms import the roles, and the full zod would ship with them.
import * as z from "zod/mini";
import { msg } from "@/lib/i18n/message";
import "@/lib/schemas/mini"; // the browser config (jitless) wherever this schema runs
import { operatorRoles } from "@/lib/vocabulary/operator-roles";

export const operatorRoleSchema = z.enum(operatorRoles, { error: msg("errors.operator.roleChoose") });
