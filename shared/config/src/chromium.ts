import { existsSync } from 'node:fs';

/** Flags that keep Chromium headless and off the network (this machine has none beyond loopback). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium, or CHROMIUM_PATH. Playwright's own browser download is never used. */
export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? CANDIDATES[0]!;
}

export function chromiumInstalled(): boolean {
  return existsSync(chromiumPath());
}
