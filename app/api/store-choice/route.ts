// The header's store switcher (components/shell/store-switcher.tsx): a plain form posts the store to
// show ("" for all the operator's stores) and is sent back to the page it came from. The choice is a
// cookie, read by the session read on every request and checked there against the operator's grants
// (lib/auth/session.ts): a store they may not see is ignored, so a forged choice gets nothing more.
// Here it is checked too, so such a choice is not even kept.
import { existingStoreIds } from "@/lib/db/queries/operator-stores";
import { operatorRoute } from "@/lib/http/operator-route";
import * as z from "@/lib/schemas/zod";
import { storeChoiceCookieName, storeScopeAllows } from "@/lib/vocabulary/store-scope";

export const dynamic = "force-dynamic";

const choiceSchema = z.union([z.literal(""), z.uuid()]);

/** The page the form was on (same origin only, as the Referer of a same-origin post), else the Overview. */
function backTo(request: Request, appUrl: string): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(appUrl).origin) return "/";
    return `${from.pathname}${from.search}`;
  } catch {
    return "/";
  }
}

export const POST = operatorRoute({ name: "store_choice.change", capability: "read" }, async (request, { db, operator, config }) => {
  const form = await request.formData().catch(() => null);
  const chosen = choiceSchema.safeParse(form?.get("store") ?? "");
  const storeId = chosen.success && chosen.data !== "" ? chosen.data.toLowerCase() : null;
  const keep = storeId !== null && storeScopeAllows(operator.storeGrants, storeId) && (await existingStoreIds(db, [storeId])).length === 1;
  // A cursor belongs to the list it was read from: the narrowed list starts from its first page.
  const back = new URL(backTo(request, config.appUrl), "http://back");
  back.searchParams.delete("cursor");
  const response = new Response(null, { status: 303, headers: { location: `${back.pathname}${back.search}` } });
  const secure = config.appUrl.startsWith("https:") ? "; Secure" : "";
  response.headers.append(
    "set-cookie",
    keep
      ? `${storeChoiceCookieName}=${storeId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`
      : `${storeChoiceCookieName}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`,
  );
  return response;
});
