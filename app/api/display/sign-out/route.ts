// Forgets this browser's display session (after a revocation, or to pair it with another counter).
import { NextResponse } from "next/server";
import { displaySessionCookie } from "@/lib/displays/display-session";

export const dynamic = "force-dynamic";

export async function POST() {
  const response = NextResponse.json({ ok: true });
  response.cookies.delete(displaySessionCookie);
  return response;
}
