// Holds a page's live status channel (the server-sent events and the polled status of a
// transaction) until the test lets it through.
//
// Why: a charge page re-renders without its buttons the moment its status turns final. The sandbox
// wallet sends the callback as soon as a payment is simulated or a charge expired, so the page can
// hear "final" and re-render before the action's own answer ("Payment simulated") is painted, and
// the message goes with the buttons. A test that reads that message holds the channel first, reads
// it, then releases the channel and follows the status like an operator would.
import type { Page } from "@playwright/test";

const liveStatusUrls = /\/api\/transactions\/[^/]+\/(events|status)(\?.*)?$/;

/** Install before the page loads the transaction (its event stream opens when the page does). */
export async function holdLiveStatus(page: Page): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  const handler = async (route: Parameters<Parameters<Page["route"]>[1]>[0]) => {
    await released;
    // The page may have navigated or closed meanwhile; a request nobody waits for is fine to drop.
    await route.continue().catch(() => undefined);
  };
  await page.route(liveStatusUrls, handler);
  return {
    release: async () => {
      open();
      await page.unroute(liveStatusUrls, handler);
    },
  };
}
