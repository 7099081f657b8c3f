// The role field of the operator and security-policy forms.
// zod/mini: client forms import the roles, and the full zod would ship with them.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { operatorRoles } from "@/lib/vocabulary/operator-roles";

export const operatorRoleSchema = z.enum(operatorRoles, { error: msg("errors.operator.roleChoose") });
