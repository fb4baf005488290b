// Every end-to-end test runs with the edge's Content-Security-Policy on, and fails on any violation: Chromium
// reports each one on the console of the page (or frame) that broke the policy.
import { expect, test as base, type ConsoleMessage } from '@playwright/test';

export const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/;

/**
 * axe-core (the accessibility checks) adds `<style>` elements of its own while it measures; it is injected by the
 * test, not loaded by the page, so its reports carry no script URL. Anything the site's own code does has one.
 */
function isAxeOwnStyle(message: ConsoleMessage): boolean {
  return !message.location().url && /^Applying inline style/.test(message.text());
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (!CSP_VIOLATION.test(message.text()) || isAxeOwnStyle(message)) return;
        violations.push(`${message.location().url}: ${message.text()}`);
      };
      context.on('console', onConsole);
      await use(violations);
      context.off('console', onConsole);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page, TestInfo } from '@playwright/test';
