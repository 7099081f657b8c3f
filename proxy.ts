// A convenience redirect for signed-out visitors. It only looks for a session cookie: the real
// check (valid session, role) happens in every page and server action on the server.
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  // Server action calls answer for themselves (with a "not signed in" result the form can show).
  if (request.method === "POST" && request.headers.has("next-action")) return NextResponse.next();
  if (!getSessionCookie(request, { cookiePrefix: "wallet-dashboard" })) {
    const signIn = new URL("/sign-in", request.url);
    return NextResponse.redirect(signIn);
  }
  return NextResponse.next();
}

export const config = {
  // Everything except public pages (the counter display has its own session), APIs (they answer for themselves) and static assets.
  matcher: ["/((?!sign-in|setup|pay/|display|sounds/|api/|sandbox/|_next/|favicon.ico|robots.txt).*)"],
};
