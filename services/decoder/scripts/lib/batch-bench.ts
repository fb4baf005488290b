// The public API's batch endpoint over real HTTP under autocannon: the decoder service as a process,
// an API key made through its own route, every batch of 50 articles counted on the key's day in
// PostgreSQL (PGlite without one). Prints articles per second and checks the count.
import autocannon from 'autocannon';
import { settle, startBenchDecoder, WARMUP_SECONDS } from './decoder-process.ts';

const BATCH = 50;

export async function benchBatch(article: string, { seconds = 10, connections = 4 } = {}): Promise<void> {
  const decoder = await startBenchDecoder('batch', {
    API_KEY_RATE_LIMIT_MAX: '10000000',
    API_KEY_DAILY_LIMIT: '1000000000',
    DEFAULT_ACCOUNT_TIER: 'annual', // the key's owner holds the annual plan without a billing service
  });
  const { base, identity } = decoder;
  try {
    const token = await identity.tokenFor('user');
    const account = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = (await (await fetch(`${base}/api/decoder/api-keys`, { method: 'POST', headers: account, body: JSON.stringify({ name: 'bench' }) })).json()) as {
      secret: string;
      key: { id: string };
    };
    // Fifty different articles (the same text, numbered), so no layer can answer from a cache.
    const articles = Array.from({ length: BATCH }, (_, i) => ({ id: String(i), text: `${article} (${i})` }));
    const load = (duration: number) =>
      autocannon({
        url: `${base}/api/v1/analyses:batch`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` },
        body: JSON.stringify({ articles }),
        connections,
        duration,
      });
    const usedToday = async () => {
      const keys = (await (await fetch(`${base}/api/decoder/api-keys`, { headers: account })).json()) as { keys: Array<{ id: string; used_today: number }> };
      return keys.keys.find((k) => k.id === created.key.id)?.used_today ?? 0;
    };
    if (WARMUP_SECONDS > 0) {
      await load(WARMUP_SECONDS);
      await settle();
    }
    const before = await usedToday();
    const result = await load(seconds);
    const counted = (await usedToday()) - before;
    const latency = result.latency as unknown as Record<string, number>;
    console.log(
      `\nHTTP: POST /api/v1/analyses:batch (${BATCH} articles of ${article.split(/\s+/).length} words), ${connections} connections for ${seconds} s after ${WARMUP_SECONDS} s of warm-up, ` +
        `key usage on ${decoder.databaseName}:`,
    );
    console.log(
      `  ${((result['2xx'] * BATCH) / seconds).toFixed(0)} articles/s (${(result['2xx'] / seconds).toFixed(1)} batches/s)   ` +
        `batch p50 ${latency.p50} ms   p99 ${latency.p99} ms   ${result.non2xx} non-2xx   ${result.errors} errors`,
    );
    const extra = counted - result['2xx'] * BATCH;
    console.log(
      `  key counted ${counted} articles for ${result['2xx']} batches answered (+${extra} in batches still in flight at the deadline; ` +
        `consistent: ${extra >= 0 && extra % BATCH === 0 && extra <= connections * BATCH ? 'yes' : 'NO'})`,
    );
  } finally {
    await decoder.stop();
  }
}
