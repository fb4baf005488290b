// Short analyses while long ones arrive too, over real HTTP: what a reader pasting a news story waits while
// another sends an article at the length limit. The decoder runs as a process twice, first with every
// analysis in place (ANALYSIS_THREAD_FROM_CHARS=0), then with its default, which sends the long ones to its
// analysis thread. Short requests come at a fixed rate (autocannon's overallRate), so their latency shows the
// waits the long ones cause, not a queue of their own.
import autocannon from 'autocannon';
import { startBenchDecoder, WARMUP_SECONDS } from './decoder-process.ts';

export async function benchMixed(short: string, long: string, { seconds = 10, rate = 200 } = {}): Promise<void> {
  console.log(
    `\nMixed load: ${short.length.toLocaleString('en-US')}-character analyses at ${rate}/s over 10 connections, while one more ` +
      `connection sends ${long.length.toLocaleString('en-US')}-character articles back to back, ${seconds} s after ${WARMUP_SECONDS} s of warm-up:`,
  );
  for (const [label, fromChars] of [
    ['all in place (ANALYSIS_THREAD_FROM_CHARS=0)', '0'],
    ['long ones on the analysis thread (the default)', undefined],
  ] as const) {
    const decoder = await startBenchDecoder('mixed', {
      ANALYSIS_RATE_LIMIT_MAX: '10000000',
      DEFAULT_ACCOUNT_TIER: 'annual', // unlimited: no request is refused
      ...(fromChars === undefined ? {} : { ANALYSIS_THREAD_FROM_CHARS: fromChars }),
    });
    try {
      const token = await decoder.identity.tokenFor('user');
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const load = (text: string, options: { connections: number; duration: number; overallRate?: number }) =>
        autocannon({ url: `${decoder.base}/api/bias-analysis`, method: 'POST', headers, body: JSON.stringify({ text, time_zone: 'UTC' }), ...options });
      if (WARMUP_SECONDS > 0) await Promise.all([load(short, { connections: 10, overallRate: rate, duration: WARMUP_SECONDS }), load(long, { connections: 1, duration: WARMUP_SECONDS })]);
      const [shorts, longs] = await Promise.all([load(short, { connections: 10, overallRate: rate, duration: seconds }), load(long, { connections: 1, duration: seconds })]);
      const s = shorts.latency as unknown as Record<string, number>;
      const l = longs.latency as unknown as Record<string, number>;
      console.log(`  ${label}:`);
      console.log(`    short: ${(shorts['2xx'] / seconds).toFixed(0)}/s   p50 ${s.p50} ms   p99 ${s.p99} ms   max ${s.max} ms   ${shorts.non2xx} non-2xx   ${shorts.errors} errors`);
      console.log(`    long:  ${(longs['2xx'] / seconds).toFixed(1)}/s   p50 ${l.p50} ms   p99 ${l.p99} ms   ${longs.non2xx} non-2xx   ${longs.errors} errors`);
    } finally {
      await decoder.stop();
    }
  }
}
