// Every end-to-end test fails when the browser reports a Content Security Policy violation: the
// policy (proxy.ts) must never break a page. Specs import `test` and `expect` from here instead of
// @playwright/test. Pages opened in extra contexts (browser.newContext, as pageSignedInAs does)
// are watched too.
// The same fixture answers the step-up dialog ("Confirm it is you") with a fresh authenticator code
// whenever a sensitive action asks for one, so journeys that are not about step-up do not depend on
// how long ago the saved admin session last stepped up. Specs that test step-up itself turn it off
// with test.use({ autoStepUp: false }).
// And every page any test loads in Portuguese is scanned for words that escaped translation (#46:
// English words, "saque", raw codes such as CASH_IN or step_up_required, ISO dates; the one scanner
// of e2e/support/untranslated-pages.ts): the test fails at its end with the list. A spec whose own
// data is a code on purpose turns it off with test.use({ scanPortuguesePages: false }).
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { stepUpDialog, stepUpIfAsked } from "./operators";
import { watchPortuguesePages } from "./untranslated-pages";

export { expect };

const cspMessage = /Content Security Policy|Content-Security-Policy/i;

/** Answers the step-up dialog on this page from now on: for pages opened in hooks, which the fixture does not watch. */
export function answerStepUpOn(page: Page) {
  void page.addLocatorHandler(stepUpDialog(page), async () => {
    await stepUpIfAsked(page, { timeout: 0 });
  });
}

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that provides no value as void
export const test = base.extend<{ failOnCspViolation: void; autoStepUp: boolean; scanPortuguesePages: boolean }>({
  autoStepUp: [true, { option: true }],
  scanPortuguesePages: [true, { option: true }],
  failOnCspViolation: [
    async ({ browser, context, autoStepUp, scanPortuguesePages }, use, testInfo) => {
      const violations: string[] = [];
      const portuguese: Array<ReturnType<typeof watchPortuguesePages>> = [];
      const watch = (watched: BrowserContext) => {
        if (scanPortuguesePages) portuguese.push(watchPortuguesePages(watched));
        if (autoStepUp) {
          for (const page of watched.pages()) answerStepUpOn(page);
          watched.on("page", answerStepUpOn);
        }
        watched.on("console", (message) => {
          if (cspMessage.test(message.text())) violations.push(`${message.location().url || "(page)"}: ${message.text()}`);
        });
        // Also the DOM event, which fires for violations the console may word differently.
        void watched.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => {
            console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`);
          });
        });
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        watch(created);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      if (violations.length) {
        await testInfo.attach("csp-violations", { body: violations.join("\n"), contentType: "text/plain" });
        throw new Error(`The browser reported ${violations.length} Content Security Policy violation(s):\n${violations.join("\n")}`);
      }
      await Promise.all(portuguese.map((watcher) => watcher.settled()));
      const untranslated = portuguese.flatMap((watcher) => watcher.findings);
      if (untranslated.length) {
        await testInfo.attach("untranslated-words", { body: untranslated.join("\n"), contentType: "text/plain" });
        throw new Error(`Pages in Portuguese showed ${untranslated.length} word(s) that escaped translation:\n${untranslated.join("\n")}`);
      }
    },
    { auto: true },
  ],
});
