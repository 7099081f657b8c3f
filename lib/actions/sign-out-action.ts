"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { refuseForeignOrigin } from "@/lib/security/request-origin";

export async function signOutAction(): Promise<void> {
  // A forged sign-out from another site is refused (logout CSRF).
  if (await refuseForeignOrigin("auth.sign_out")) return;
  const auth = await getAuth();
  const requestHeaders = await headers();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (session) await auth.api.signOut({ headers: requestHeaders });
  redirect("/sign-in");
}
