// `npm run bench:web`: loads pages cold in Chromium and prints, per page, the JavaScript transferred
// (compressed, as served: Brotli, which Chromium accepts even over plain HTTP, where the servers have it),
// the request count, and the time until the remote's content is painted.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startPlatform } from '../local/platform.ts';
import { CHROMIUM_ARGS, chromiumPath } from '@keisha/config/chromium';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PAGES: Array<{ path: string; remote: string }> = [
  { path: '/', remote: 'marketing' },
  { path: '/bias-detection', remote: 'decoder' },
];

interface Sample {
  jsBytes: number;
  allBytes: number;
  requests: number;
  paintedMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-web-'));
const platform = await startPlatform({ basePort: Number(process.env.BENCH_PORT ?? 3800), dataDir, log: () => {} });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });

try {
  console.log(`Cold loads in Chromium ${browser.version()}, ${RUNS} runs per page, median (min-max)\n`);
  console.log('page               JS KB sent   all KB   requests   remote painted (ms)');
  const results: Record<string, Sample[]> = {};
  for (const target of PAGES) {
    results[target.path] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext(); // a new context is a cold cache
      const page = await context.newPage();
      // Record when the remote's content is first in the DOM, then wait for the frame that paints it.
      await page.addInitScript((remote: string) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector(`[data-remote="${remote}"] h1, [data-remote="${remote}"] h2`)) {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => ((window as any).__paintedAt = performance.now()), 0));
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      }, target.remote);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const types = new Map<string, string>();
      let jsBytes = 0;
      let allBytes = 0;
      let requests = 0;
      cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
      cdp.on('Network.loadingFinished', (event) => {
        requests++;
        allBytes += event.encodedDataLength;
        if (types.get(event.requestId) === 'Script') jsBytes += event.encodedDataLength;
      });
      await page.goto(`${platform.url}${target.path}`);
      await page.waitForFunction(() => (window as any).__paintedAt !== undefined, null, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const paintedMs = await page.evaluate(() => (window as any).__paintedAt as number);
      await context.close();
      if (run > 0) results[target.path]!.push({ jsBytes, allBytes, requests, paintedMs }); // run 0 warms the servers
    }
    const samples = results[target.path]!;
    const pick = (key: keyof Sample) => samples.map((s) => s[key]);
    const range = (values: number[], scale = 1, digits = 0) =>
      `${(median(values) / scale).toFixed(digits)} (${(Math.min(...values) / scale).toFixed(digits)}-${(Math.max(...values) / scale).toFixed(digits)})`;
    console.log(
      `${target.path.padEnd(18)} ${(median(pick('jsBytes')) / 1024).toFixed(1).padStart(10)}   ${(median(pick('allBytes')) / 1024)
        .toFixed(1)
        .padStart(6)}   ${String(median(pick('requests'))).padStart(8)}   ${range(pick('paintedMs'))}`,
    );
  }
} finally {
  await browser.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
