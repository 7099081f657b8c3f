"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";

export async function signOutAction(): Promise<void> {
  const auth = await getAuth();
  const requestHeaders = await headers();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (session) await auth.api.signOut({ headers: requestHeaders });
  redirect("/sign-in");
}
