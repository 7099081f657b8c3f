// The wallet client that server actions get in an integration test. Actions ask getWalletClient()
// (lib/wallet/client.ts) for the configured wallet; a test chooses the real client it talks to (the
// sandbox over HTTP with a counting fetch, a server that never answers…) by setting
// `walletUnderTest.client`. Only that one function is replaced; the client itself is real.
//
// vi.mock stands in the test file (Vitest hoists it there); its factory loads this module itself:
//   vi.mock("@/lib/wallet/client", async (importOriginal) =>
//     (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()));
// Type imports only: this module is loaded while @/lib/wallet/client is being mocked.
import type * as WalletClientModule from "@/lib/wallet/client";
import type { WalletClient, WalletClientOptions } from "@/lib/wallet/client";

export const walletUnderTest: { client: WalletClient | undefined } = { client: undefined };

/** The wallet client module with getWalletClient() answering the client the test chose. */
export function withWalletUnderTest(original: typeof WalletClientModule): typeof WalletClientModule {
  return {
    ...original,
    getWalletClient: () => {
      if (!walletUnderTest.client) throw new Error("no wallet chosen for this test");
      return walletUnderTest.client;
    },
  };
}

/** A client's options for a test wallet at `baseUrl`: the test token, a 10 s timeout, no logging; `overrides` win. */
export function testWalletClientOptions(baseUrl: string, token: string, overrides?: Partial<WalletClientOptions>): WalletClientOptions {
  return { baseUrl, token, timeoutMs: 10_000, logger: { warn: () => {}, debug: () => {} }, ...overrides };
}
