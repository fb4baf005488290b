// The decoder's own metrics, scraped over HTTP as Prometheus would: analyses by engine and quota refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, closeTestApps } from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';

const ARTICLE = 'Residents said the urban youth who gathered were met with force as shots were fired near the station.';
const targets = await databaseTargets();

function sample(text: string, name: string, label: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(label));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe.each(targets)('decoder metrics on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  let base = '';
  beforeAll(async () => {
    ctx = await startDecoder(target);
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => closeTestApps(ctx));

  it('counts analyses by engine and a guest’s refusal once the day is used up', async () => {
    const analyze = () => fetch(`${base}/api/bias-analysis`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: ARTICLE }) });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await analyze()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'decoder_analyses_total', 'outcome="completed",engine="embedded"')).toBe(3);
    expect(sample(text, 'quota_refusals_total', 'tier="guest"')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/bias-analysis",status_code="429"')).toBe(1);
    expect(text).toContain('service="decoder"');
  });

  it('does not answer /metrics to a request that came through the edge', async () => {
    expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(404);
  });
});
