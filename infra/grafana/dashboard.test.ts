// The Grafana dashboard held to the code: every series it queries is one a service or the edge exports (a
// metric our code registers, or one of prom-client's process metrics), with the labels the code gives it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../local/topology.ts';

const dashboard = JSON.parse(readFileSync(path.join(import.meta.dirname, 'keisha-services.json'), 'utf8')) as {
  uid: string;
  panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ name: string }> };
};

const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
const PROMQL_WORDS = new Set(['sum', 'by', 'rate', 'increase', 'histogram_quantile', 'max', 'le', 'service', 'route', 'status_code', 'outcome', 'engine', 'tier', 'cause', 'provider', 'state', 'target', 'reason']);

function metricNames(expr: string): string[] {
  const names = (expr.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '').match(/[a-z_][a-z0-9_]*/g) ?? []).filter((word) => !PROMQL_WORDS.has(word));
  return [...new Set(names)];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const ourSource = [path.join(REPO_ROOT, 'shared', 'service-kit', 'src'), path.join(REPO_ROOT, 'services'), path.join(REPO_ROOT, 'infra', 'local')]
  .flatMap(sourceFiles)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

async function defaultMetricNames(): Promise<Set<string>> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
}

describe('the Grafana dashboard', () => {
  it('queries only metrics the services export', async () => {
    const defaults = await defaultMetricNames();
    const names = new Set(expressions.flatMap(metricNames).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    expect(names.size).toBeGreaterThan(8);
    for (const name of names) {
      const ours = ourSource.includes(`'${name}'`);
      expect(ours || defaults.has(name), `${name} is neither registered by our code nor a prom-client default`).toBe(true);
    }
  });

  it('covers requests, errors, latency, analyses, quotas, fallbacks, chat streams, webhooks and the database pool', () => {
    const all = expressions.join('\n');
    for (const name of ['http_request_duration_seconds_count', 'status_code=~"5..', 'http_request_duration_seconds_bucket', 'decoder_analyses_total', 'quota_refusals_total', 'llm_fallbacks_total', 'chat_streams_open', 'chat_first_token_seconds_bucket', 'billing_webhook_events_total', 'db_pool_connections']) {
      expect(all).toContain(name);
    }
  });

  it("has an edge row on the edge's own series, by the labels the edge gives them", async () => {
    const { createEdgeMetrics } = await import('../local/edge-metrics.ts');
    const metrics = createEdgeMetrics();
    metrics.observeRequest({ route: 'api', target: 'decoder', method: 'GET', status: 200 }, 0.01);
    metrics.countUpstreamFailure({ route: 'api', target: 'chat' }, 'timeout');
    const exported = await metrics.registry.getMetricsAsJSON();
    const labelsOf = (name: string) => new Set(exported.find((m) => m.name === name)!.values.flatMap((v) => Object.keys(v.labels)));
    const edgeExpressions = expressions.filter((expr) => expr.includes('edge_'));
    expect(edgeExpressions.length).toBeGreaterThanOrEqual(4);
    for (const expr of edgeExpressions) {
      const metric = expr.includes('edge_upstream_errors_total') ? 'edge_upstream_errors_total' : 'edge_http_request_duration_seconds';
      const used = [...expr.matchAll(/by \(([^)]*)\)/g), ...expr.matchAll(/\{([a-z_]+)=~?"/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
      for (const label of used.filter((l) => l !== 'le')) expect(labelsOf(metric), `${label} in ${expr}`).toContain(label);
    }
    const all = edgeExpressions.join('\n');
    for (const name of ['edge_http_request_duration_seconds_count', 'edge_http_request_duration_seconds_bucket', 'edge_upstream_errors_total']) expect(all).toContain(name);
  });

  it('lets the reader pick the data source and the services', () => {
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual(['datasource', 'service']);
    expect(dashboard.uid).toBe('keisha-services');
  });
});
