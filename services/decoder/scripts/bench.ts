/**
 * npm run bench:decoder
 *
 * Prints figures (no pass/fail): latency p50/p99 and throughput of the embedded analyzer on
 * generated 200-, 1,000- and 5,000-word articles, and, in the same run on the same texts,
 * retext-equality (the engine behind alex: retext-english + retext-equality) as a ratio.
 * The articles come from our own sentence templates with a seeded generator, never from BABE.
 * Aim (issue 4): <= 2 ms p50 for 1,000 words, >= 10x faster than retext-equality.
 * `--embedded-only` skips the HTTP part (which starts the service on PostgreSQL); `--http-only` runs only
 * the HTTP part: a 200-word article analysed over HTTP, beside a bare Fastify hello world in the same run
 * (in alternating rounds; the median of the rounds' ratios). Every HTTP part loads its servers for `BENCH_WARMUP`
 * seconds (30 by default, 0 for cold processes) before it measures.
 * The public API's batch endpoint: articles/s over HTTP (scripts/lib/batch-bench.ts); `--batch-only` runs just that.
 * `--mixed-only`: 200-word analyses at a fixed rate while another connection sends articles at the length limit,
 * with every analysis in place and then with the long ones on the analysis thread (scripts/lib/mixed-bench.ts).
 * `--writes-only`: the analysis route's write alone (use + history entry), one statement per request beside
 * the group commit (scripts/lib/write-bench.ts).
 * `BENCH_DECODER_NODE_ARGS="<flags>"` gives the decoder's node flags that NODE_OPTIONS refuses (V8's GC flags,
 * `--trace-gc`), and shows the decoder's standard output.
 * `BENCH_CPU_PROF=<folder>` makes the decoder process of the HTTP part write a V8 CPU profile there (node --cpu-prof).
 * It samples by the clock, so a function that waited for a core is charged for the wait; `BENCH_PERF=<file>`
 * records with Linux perf instead (only time on a CPU, the kernel's and V8's threads too; needs `perf`) and
 * prints the 25 functions with the most CPU per analysis.
 * `--connections N` (HTTP part, 10 by default) loads the analysis and the hello world with N connections: with one
 * group-commit writer, a batch holds at most as many requests as there are connections, so this shows how much
 * of the figure is waiting for commits. `DECODER_SERVER=<file>` runs another entry point for the decoder (an older
 * copy of the service inside this repository) to compare.
 */
import { retextEnglishPlugin, retextEqualityPlugin, unifiedFactory } from './lib/retext.ts';
import { analyzeArticle } from '../src/domain/analyzer/index.ts';
import { advancedDetection } from '../src/domain/advanced/index.ts';
import { benchHttp } from './lib/http-bench.ts';
import { benchBatch } from './lib/batch-bench.ts';
import { benchWrites } from './lib/write-bench.ts';
import { benchMixed } from './lib/mixed-bench.ts';
import { seededRandom } from './lib/seeded-random.ts';
import { percentile } from './lib/metrics.ts';


const FILL = {
  who: ['the mayor', 'a city council member', 'the police chief', 'a spokesperson for the department', 'residents', 'the governor', 'local organizers', 'the school board', 'a state senator', 'community leaders'],
  place: ['the east side', 'downtown', 'the county courthouse', 'a neighborhood park', 'the state capitol', 'city hall', 'the river district', 'a public library'],
  topic: ['the housing plan', 'the new budget', 'school funding', 'the transit proposal', 'police oversight', 'the minimum wage', 'voting access', 'the clinic closure'],
  number: ['12', '40', '3,500', '27 percent', '1.2 million', 'nine', 'two dozen', '18'],
  day: ['Monday', 'Tuesday', 'on Wednesday night', 'late Thursday', 'Friday morning', 'over the weekend'],
};

const TEMPLATES = [
  '{who} said {day} that {topic} would be reviewed by an independent panel.',
  'About {number} people gathered near {place} to discuss {topic}.',
  'According to {who}, the vote on {topic} was delayed until next month.',
  '{who} described the decision as a reckless and shameful betrayal of working families.',
  'A man was shot near {place} {day}, and police said an investigation is under way.',
  'The officer-involved shooting was the third in the county this year, records show.',
  'Critics warned that law and order rhetoric has long targeted the inner city.',
  '{who} blamed welfare queens and illegals for the deficit, a claim economists rejected.',
  'Clashes broke out between officers and protesters outside {place}.',
  'The report found that {number} households were affected by {topic}.',
  'Supporters called the plan a brilliant and long overdue victory for the neighborhood.',
  '{who} may revise {topic} if the courts allow it, officials suggested.',
  'The city\u2019s urban planning office published a map of {place} {day}.',
  'Opponents said the outrageous proposal was a disaster that would devastate small businesses.',
  'In a statement, {who} thanked volunteers and promised to publish the full data.',
  'Analysts expect {topic} to cost roughly {number} dollars over five years.',
];

function article(words: number, seed: number): string {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const sentences: string[] = [];
  let count = 0;
  while (count < words) {
    let s = pick(TEMPLATES).replace(/\{(\w+)\}/g, (_, slot: keyof typeof FILL) => pick(FILL[slot]));
    s = s[0]!.toUpperCase() + s.slice(1);
    sentences.push(s);
    count += s.split(/\s+/).length;
    if (random() < 0.2) sentences.push('\n\n');
  }
  return sentences.join(' ').replace(/ ?\n\n ?/g, '\n\n');
}

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
}

function measure(texts: string[], iterations: number, run: (text: string) => unknown): Figures {
  for (let i = 0; i < Math.min(iterations, 20); i++) run(texts[i % texts.length]!);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    run(texts[i % texts.length]!);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), perSecond: (iterations / total) * 1000 };
}

/** CPU time (user + system) per call, in ms, over `iterations` calls after a warm-up. */
function cpuPerCall(texts: string[], iterations: number, run: (text: string) => unknown): number {
  for (let i = 0; i < Math.min(iterations, 50); i++) run(texts[i % texts.length]!);
  const before = process.cpuUsage();
  for (let i = 0; i < iterations; i++) run(texts[i % texts.length]!);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / iterations;
}

/**
 * `--advanced-only`: what advanced detection (issue 28, item 1: the strip, agency, sourcing) adds to an analysis, on the
 * same texts: the embedded analysis alone and followed by advanced detection, alternately, three rounds each.
 */
function benchAdvanced(): void {
  const analysed = (text: string) => analyzeArticle(text);
  const withAdvanced = (text: string) => {
    const result = analyzeArticle(text);
    return advancedDetection(text, result.threshold, result.score);
  };
  console.log('words  analysis p50 ms  +advanced p50 ms  analysis CPU ms  +advanced CPU ms  added CPU ms');
  for (const size of [{ words: 200, n: 2000 }, { words: 1000, n: 600 }, { words: 5000, n: 120 }]) {
    const texts = Array.from({ length: 16 }, (_, i) => article(size.words, 1000 * size.words + i));
    for (let round = 0; round < 3; round++) {
      const a = measure(texts, size.n, analysed);
      const b = measure(texts, size.n, withAdvanced);
      const ca = cpuPerCall(texts, size.n, analysed);
      const cb = cpuPerCall(texts, size.n, withAdvanced);
      console.log(`${String(size.words).padStart(5)}  ${a.p50.toFixed(3).padStart(15)}  ${b.p50.toFixed(3).padStart(16)}  ${ca.toFixed(3).padStart(15)}  ${cb.toFixed(3).padStart(16)}  ${(cb - ca).toFixed(3).padStart(12)}`);
    }
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--batch-only')) return benchBatch(article(1000, 7));
  if (process.argv.includes('--writes-only')) return benchWrites(article(200, 7));
  if (process.argv.includes('--mixed-only')) return benchMixed(article(200, 7), article(31_000, 11).slice(0, 199_000));
  if (process.argv.includes('--advanced-only')) return benchAdvanced();
  const processor = unifiedFactory().use(retextEnglishPlugin).use(retextEqualityPlugin);
  // parse + run is the whole analysis; runSync gives the plugin a fresh file to report on, as process() would.
  const retext = (text: string) => processor.runSync(processor.parse(text));

  const connectionsAt = process.argv.indexOf('--connections');
  const http = { connections: connectionsAt > 0 ? Number(process.argv[connectionsAt + 1]) : 10 };
  if (!Number.isInteger(http.connections) || http.connections < 1) throw new Error('--connections takes a whole number of connections');
  if (process.argv.includes('--http-only')) return benchHttp(article(200, 7), http);
  console.log(`Embedded analyzer vs retext-equality (node ${process.version}, ${process.arch})`);
  console.log('words  engine            p50 ms    p99 ms   articles/s    words/s');
  const sizes = [
    { words: 200, embedded: 4000, retext: 200 },
    { words: 1000, embedded: 2000, retext: 60 },
    { words: 5000, embedded: 400, retext: 15 },
  ];
  for (const size of sizes) {
    const texts = Array.from({ length: 16 }, (_, i) => article(size.words, 1000 * size.words + i));
    const actualWords = Math.round(texts.reduce((n, t) => n + t.split(/\s+/).length, 0) / texts.length);
    const e = measure(texts, size.embedded, analyzeArticle);
    const r = measure(texts, size.retext, retext);
    const line = (name: string, f: Figures) =>
      `${String(actualWords).padStart(5)}  ${name.padEnd(15)} ${f.p50.toFixed(3).padStart(8)}  ${f.p99.toFixed(3).padStart(8)}  ${f.perSecond.toFixed(0).padStart(11)}  ${(f.perSecond * actualWords).toFixed(0).padStart(9)}`;
    console.log(line('embedded', e));
    console.log(line('retext-equality', r));
    console.log(`       ratio (retext p50 / embedded p50): ${(r.p50 / e.p50).toFixed(1)}x${size.words === 1000 ? `; 1,000-word p50 aim <= 2 ms: ${e.p50 <= 2 ? 'met' : 'NOT met'}` : ''}`);
  }

  if (!process.argv.includes('--embedded-only')) await benchHttp(article(200, 7), http);
  if (!process.argv.includes('--embedded-only') && !process.argv.includes('--http-only')) await benchBatch(article(1000, 7));
}

await main();
