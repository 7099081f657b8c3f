// The signed-in operator, read from the session on the server. Pages use requirePageOperator;
// server actions go through operatorAction (lib/actions/operator-action.ts).
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { operatorRoleSchema, roleCan, type Capability, type OperatorRole } from "@/lib/auth/roles";

export type Operator = { id: string; email: string; name: string; role: OperatorRole };

export async function getCurrentOperator(): Promise<Operator | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session || session.user.banned) return null;
  const role = operatorRoleSchema.safeParse(session.user.role);
  return { id: session.user.id, email: session.user.email, name: session.user.name, role: role.success ? role.data : "viewer" };
}

/** For pages: the operator, or a redirect to sign-in; with a capability, a redirect to the access-denied page. */
export async function requirePageOperator(capability?: Capability): Promise<Operator> {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/sign-in");
  if (capability && !roleCan(operator.role, capability)) redirect("/access-denied");
  return operator;
}
