// Setup file for integration tests: Next's request-scoped headers()/cookies()/revalidatePath
// cannot exist outside a request, so they read from `requestState` (see action-harness.ts).
import { vi } from "vitest";
import { requestState } from "@/test/support/request-state";

vi.mock("next/headers", () => ({
  headers: async () => requestState.headers,
  cookies: async () => ({
    get: (name: string) => (requestState.cookies.has(name) ? { name, value: requestState.cookies.get(name)! } : undefined),
    getAll: () => [...requestState.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => requestState.cookies.has(name),
    set: (name: string, value: string) => void requestState.cookies.set(name, value),
    delete: (name: string) => void requestState.cookies.delete(name),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
