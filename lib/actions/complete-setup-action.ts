"use server";
// Creates the first admin. Works exactly once: the setup_state primary key lets only one caller
// claim it, and afterwards this action refuses (the page is gone too).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { fieldErrorsOf, type ActionFailure } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { claimSetup, isSetupComplete, markSetupAdmin, releaseSetupClaim } from "@/lib/auth/setup";
import { logger } from "@/lib/logger";
import { refuseForeignOrigin } from "@/lib/security/request-origin";
import { firstAdminSchema, type FirstAdminInput } from "@/lib/schemas/operator";
import { getDb } from "@/lib/server/runtime";

export async function completeSetupAction(input: FirstAdminInput): Promise<ActionFailure> {
  const foreignOrigin = await refuseForeignOrigin("setup.first_admin");
  if (foreignOrigin) return { ok: false, code: "FORBIDDEN", error: foreignOrigin };
  const parsed = firstAdminSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "INVALID_INPUT", error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error) };
  const db = await getDb();
  const alreadyDone = { ok: false, code: "FORBIDDEN", error: "Setup has already been completed. Sign in instead." } as const;
  if ((await isSetupComplete(db)) || !(await claimSetup(db))) return alreadyDone;

  const auth = await getAuth();
  const { name, email, password } = parsed.data;
  try {
    const created = await auth.api.createUser({ body: { name, email, password, role: "admin" } });
    await markSetupAdmin(db, created.user.id);
    await recordAuditEvent(db, {
      actor: { id: created.user.id, email },
      action: "setup.first_admin",
      outcome: "success",
      target: { type: "operator", id: created.user.id },
    });
  } catch (error) {
    await releaseSetupClaim(db);
    logger.error({ err: error }, "first admin creation failed");
    return { ok: false, code: "FAILED", error: "The administrator could not be created because of a server problem. Try again." };
  }
  await auth.api.signInEmail({ body: { email, password }, headers: await headers() });
  redirect("/");
}
