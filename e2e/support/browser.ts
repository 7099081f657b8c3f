// The browser the end-to-end suites launch (playwright.config.ts, playwright.scale-out.config.ts):
// Debian's Chromium headless shell (package chromium-headless-shell, installed by
// scripts/ensure-chromium.sh), the lighter headless build that Playwright itself uses for headless
// runs; Playwright's own browser download does not work on our machines. Measured on the cash-in
// spec: 59.6 CPU-s for the run against 79.0 with the full browser in headless mode (Chromium's share
// 22 against 41 CPU-s), the same 10 tests passing. CHROMIUM_PATH picks another build.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};
