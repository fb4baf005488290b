/**
 * node services/decoder/scripts/bench-fairness.ts [--seconds N] [--batchers N]
 *
 * Prints figures (no pass/fail), issue 29 item 2: what one account's public-API batches cost another reader.
 * The decoder runs as a process (scripts/lib/decoder-process.ts). Reader B analyses articles one after another on
 * /api/bias-analysis: a 200-word one (analysed in place) and a 5,000-word one (about 32,000 characters, on the
 * analysis threads); first alone (idle), then while account A sends batches of 50 articles of 30,000 characters
 * (1.5 MB each) back to back over `--batchers` connections (4 by default), from a thread of this script's own. It prints B's p50/p95 for each, the
 * ratio to idle, and A's batches per second. `DECODER_SERVER=<file>` runs another entry point (an older copy) to
 * compare; `BENCH_WARMUP` seconds of both loads come first (5 by default here).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startBenchDecoder } from './lib/decoder-process.ts';
import { percentile } from './lib/metrics.ts';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = argument('--seconds', 10);
const BATCHERS = argument('--batchers', 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

const SENTENCES = [
  'The mayor said on Monday that the housing plan would be reviewed by an independent panel.',
  'About 40 people gathered near city hall to discuss the new budget.',
  'A spokesperson described the decision as a reckless and shameful betrayal of working families.',
  'Critics warned that law and order rhetoric has long targeted the inner city.',
  'The report found that 3,500 households were affected by the clinic closure.',
  'Clashes broke out between officers and protesters outside the county courthouse.',
  'Supporters called the plan a brilliant and long overdue victory for the neighborhood.',
];

/** An article of about `words` words, numbered so no layer can answer it from a cache. */
function article(words: number, n: number): string {
  const out: string[] = [`Story ${n}.`];
  let count = 0;
  for (let i = n; count < words; i++) {
    const sentence = SENTENCES[i % SENTENCES.length]!;
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return out.join(' ');
}

async function main(): Promise<void> {
  const decoder = await startBenchDecoder('fairness', {
    API_KEY_RATE_LIMIT_MAX: '10000000',
    API_KEY_DAILY_LIMIT: '1000000000',
    API_ACCOUNT_DAILY_LIMIT: '1000000000',
    ANALYSIS_RATE_LIMIT_MAX: '10000000',
    DEFAULT_ACCOUNT_TIER: 'annual', // both accounts unlimited, without a billing service
  });
  try {
    const batcher = await decoder.identity.tokenFor('user');
    const reader = await decoder.identity.tokenFor('user');
    const created = (await (
      await fetch(`${decoder.base}/api/decoder/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${batcher}` }, body: JSON.stringify({ name: 'bench' }) })
    ).json()) as { secret: string };
    const batchBody = (n: number) => JSON.stringify({ articles: Array.from({ length: 50 }, (_, i) => ({ id: String(i), text: article(4_700, n * 50 + i).slice(0, 30_000) })) });
    const bodies = Array.from({ length: 8 }, (_, n) => batchBody(n));

    const analyse = async (text: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${decoder.base}/api/bias-analysis`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
        body: JSON.stringify({ text, time_zone: 'UTC' }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`reader got ${response.status}`);
      return performance.now() - started;
    };
    /** B's analyses of `words`-word articles one after another for `seconds`, a short pause between them. */
    const readerFor = async (words: number, seconds: number) => {
      const times: number[] = [];
      const until = performance.now() + seconds * 1000;
      for (let n = 0; performance.now() < until; n++) {
        times.push(await analyse(article(words, n)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return times.sort((a, b) => a - b);
    };
    // A's batches come from a thread of their own, as from another client: sent from this thread, the 3 MB answers
    // A reads and the 1.5 MB bodies it writes delayed B's own timing in this event loop, not in the decoder's.
    const sender = new Worker(new URL(import.meta.url), { workerData: { base: decoder.base, secret: created.secret, bodies, connections: BATCHERS } satisfies SenderData });
    const ask = (message: 'start' | 'stop') =>
      new Promise<{ batches: number; errors: number }>((resolve) => {
        sender.once('message', resolve);
        sender.postMessage(message);
      });
    let batchErrors = 0;
    const whileBatching = async <T>(work: () => Promise<T>): Promise<{ result: T; perSecond: number }> => {
      await ask('start');
      await new Promise((resolve) => setTimeout(resolve, 300)); // the batches are under way
      const started = performance.now();
      const result = await work();
      const elapsed = performance.now() - started;
      const { batches, errors } = await ask('stop');
      batchErrors += errors;
      return { result, perSecond: (batches * 1000) / (elapsed + 300) };
    };
    if (WARMUP > 0) await whileBatching(() => Promise.all([readerFor(200, WARMUP), readerFor(5_000, WARMUP)]));
    console.log(
      `\nFairness (issue 29): reader B's analyses alone and while account A sends batches of 50 x 30,000 characters over ${BATCHERS} connections; ` +
        `${SECONDS} s each, ${decoder.databaseName}, ${process.env.DECODER_SERVER ? `server ${process.env.DECODER_SERVER}` : 'this checkout'}`,
    );
    for (const words of [200, 5_000]) {
      const idle = await readerFor(words, SECONDS);
      const busy = await whileBatching(() => readerFor(words, SECONDS));
      const line = (label: string, times: number[]) => `${label} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms (${times.length} analyses)`;
      console.log(`  B, ${words.toLocaleString('en-US')}-word articles (${article(words, 0).length.toLocaleString('en-US')} characters):`);
      console.log(`    ${line('idle:          ', idle)}`);
      console.log(`    ${line('during batches:', busy.result)}   A: ${busy.perSecond.toFixed(1)} batches/s`);
      console.log(
        `    ratio to idle: p50 ${(percentile(busy.result, 0.5) / percentile(idle, 0.5)).toFixed(1)}x  p95 ${(percentile(busy.result, 0.95) / percentile(idle, 0.95)).toFixed(1)}x`,
      );
    }
    if (batchErrors > 0) console.log(`  A's batches refused or failed: ${batchErrors}`);
    await sender.terminate();
  } finally {
    await decoder.stop();
  }
}

interface SenderData {
  base: string;
  secret: string;
  bodies: string[];
  connections: number;
}

/** Account A: batches back to back over `connections` connections between 'start' and 'stop'. */
function sendBatches({ base, secret, bodies, connections }: SenderData): void {
  let batching = false;
  let batches = 0;
  let errors = 0;
  let loops: Promise<void>[] = [];
  const loop = async (connection: number) => {
    for (let n = connection; batching; n += connections) {
      const response = await fetch(`${base}/api/v1/analyses:batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: bodies[n % bodies.length],
      });
      await response.arrayBuffer();
      if (response.status === 200) batches++;
      else errors++;
    }
  };
  parentPort!.on('message', async (message: 'start' | 'stop') => {
    if (message === 'start') {
      batching = true;
      batches = 0;
      errors = 0;
      loops = Array.from({ length: connections }, (_, i) => loop(i));
      parentPort!.postMessage({ batches, errors });
    } else {
      batching = false;
      await Promise.all(loops);
      parentPort!.postMessage({ batches, errors });
    }
  });
}

if (isMainThread) await main();
else sendBatches(workerData as SenderData);
