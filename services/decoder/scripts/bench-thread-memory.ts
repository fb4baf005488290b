/**
 * node services/decoder/scripts/bench-thread-memory.ts [--heaps 48,52,56,64,96,128] [--count 6] [--chars 199000] [--root src]
 *
 * Prints figures (no pass/fail): whether an analysis thread of each heap size (V8's old generation, as
 * `ANALYSIS_THREAD_HEAP_MB` sets it) analyses `--count` distinct articles of `--chars` characters one after another
 * with advanced detection, as the threads do, and the heap used after the last one it finished. Three shapes: "list",
 * coded terms and commas without a sentence end (the attack of docs/decoder.md, "Long articles and the analysis
 * thread's heap"); "sentences", the same words with a full stop every 13 words or so; "news", a repeated news
 * paragraph. `--root` names another copy of the decoder's src (an older one, to compare), relative to the decoder.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import v8 from 'node:v8';

const WORDS = ['thugs,', 'inner-city,', 'illegal', 'aliens,', 'welfare', 'queens,', 'urban', 'unrest,', 'the', 'mob', 'rioted', 'again', 'police', 'said', 'officials', 'looting', 'ghetto', 'superpredators', 'anchor', 'babies'];
const NEWS = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood. The mayor described the protesters as thugs, while residents said the police response was a disgrace. ';
type Shape = 'list' | 'sentences' | 'news';

function article(n: number, chars: number, shape: Shape): string {
  if (shape === 'news') return `Story ${n}. ${NEWS.repeat(Math.ceil(chars / NEWS.length))}`.slice(0, chars);
  let text = '';
  for (let x = n * 7919 + 1; text.length < chars; ) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += WORDS[x % WORDS.length] + (shape === 'sentences' && x % 13 === 0 ? '. ' : ' ') + (x % 97 === 0 ? `w${n}x${text.length} ` : '');
  }
  return text.slice(0, chars);
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

async function thread(): Promise<void> {
  const { root, shape, chars, count } = workerData as { root: string; shape: Shape; chars: number; count: number };
  const base = new URL(`../${root}/`, import.meta.url);
  const { embeddedOutcome } = await import(new URL('plugins/embedded-engine.ts', base).href);
  const { withAdvanced } = await import(new URL('domain/advanced/index.ts', base).href);
  parentPort!.postMessage({ done: 0, used: v8.getHeapStatistics().used_heap_size, ms: 0 });
  for (let i = 0; i < count; i++) {
    const text = article(i, chars, shape);
    const started = performance.now();
    withAdvanced(embeddedOutcome(text), text, 'annual');
    parentPort!.postMessage({ done: i + 1, used: v8.getHeapStatistics().used_heap_size, ms: performance.now() - started });
  }
}

function run(root: string, heapMb: number, shape: Shape, chars: number, count: number): Promise<string> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { root, shape, chars, count }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let last = { done: 0, used: 0, ms: 0 };
    let slowest = 0;
    worker.on('message', (m: typeof last) => ((last = m), (slowest = Math.max(slowest, m.ms))));
    const line = (what: string) => `${String(heapMb).padStart(4)} MB  ${shape.padEnd(9)} ${what}, ${last.done} of ${count} done, heap used after the last ${mb(last.used)} MB, slowest ${slowest.toFixed(0)} ms`;
    worker.on('error', (error) => resolve(line(`DIED (${(error as { code?: string }).code ?? error.message})`)));
    worker.on('exit', (code) => code === 0 && resolve(line('ok')));
  });
}

if (isMainThread) {
  const option = (name: string, fallback: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1]! : fallback;
  };
  const heaps = option('--heaps', '48,52,56,64,96,128').split(',').map(Number);
  const count = Number(option('--count', '6'));
  const chars = Number(option('--chars', '199000'));
  const root = option('--root', 'src');
  console.log(`${count} distinct articles of ${chars.toLocaleString('en-US')} characters per thread, decoder ${root}`);
  for (const shape of ['list', 'sentences', 'news'] as const) {
    for (const heapMb of heaps) console.log(await run(root, heapMb, shape, chars, count));
  }
} else {
  await thread();
}
