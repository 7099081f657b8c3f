// Setup file for integration tests: Next's request-scoped headers()/cookies()/revalidatePath
// cannot exist outside a request, so they read from `requestState` (see action-harness.ts).
import { vi } from "vitest";
import { requestState } from "@/test/support/request-state";

vi.mock("next/headers", () => ({
  // A same-origin browser request unless the test says where it comes from (Origin or
  // Sec-Fetch-Site): the origin check (lib/security/origin-check.ts) needs one of the two.
  headers: async () => {
    if (requestState.headers.has("origin") || requestState.headers.has("sec-fetch-site")) return requestState.headers;
    const withSite = new Headers(requestState.headers);
    withSite.set("sec-fetch-site", "same-origin");
    return withSite;
  },
  cookies: async () => ({
    get: (name: string) => (requestState.cookies.has(name) ? { name, value: requestState.cookies.get(name)! } : undefined),
    getAll: () => [...requestState.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => requestState.cookies.has(name),
    set: (name: string, value: string, options: { maxAge?: number } = {}) => {
      requestState.cookies.set(name, value);
      requestState.cookieOptions.set(name, options);
    },
    delete: (name: string) => void requestState.cookies.delete(name),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
