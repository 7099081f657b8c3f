// Forgets this browser's display session (after a revocation, or to pair it with another counter).
import { NextResponse } from "next/server";
import { displaySessionCookie } from "@/lib/displays/display-session";
import { displayRoute } from "@/lib/http/display-route";

export const dynamic = "force-dynamic";

export const POST = displayRoute({ name: "display.sign_out" }, () => {
  const response = NextResponse.json({ ok: true });
  response.cookies.delete(displaySessionCookie);
  return response;
});
