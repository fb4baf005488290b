// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetReports, noteManifest, reportFor, reportRemoteFailure } from './error-reports.ts';

const MANIFEST = '/remotes/decoder/mf-manifest.json';

describe('front-end error reports', () => {
  beforeEach(() => forgetReports());
  afterEach(() => vi.unstubAllGlobals());

  it('reports a failure once per page load for each remote and message', () => {
    expect(reportFor('decoder', MANIFEST, 'load', new Error('no answer within 8 s'), '/bias-detection')).toEqual({
      remote: 'decoder',
      version: 'unknown',
      route: '/bias-detection',
      kind: 'load',
      message: 'no answer within 8 s',
    });
    expect(reportFor('decoder', MANIFEST, 'load', new Error('no answer within 8 s'), '/bias-detection')).toBeNull();
    expect(reportFor('decoder', MANIFEST, 'crash', new Error('x is undefined'), '/bias-detection')).not.toBeNull();
    expect(reportFor('chat', undefined, 'load', new Error('no answer within 8 s'), '/')).not.toBeNull();
  });

  it('carries the build version from the remote’s manifest, and bounds the message', async () => {
    noteManifest(`${window.location.origin}${MANIFEST}`, new Response(JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.4.1' } } })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const report = reportFor('decoder', MANIFEST, 'crash', new Error('y'.repeat(2000)), '/');
    expect(report?.version).toBe('1.4.1');
    expect(report?.message).toHaveLength(500);
  });

  it('posts the path only, without credentials, and never throws when the report cannot be sent', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    window.history.pushState({}, '', '/payment/success?session_id=cs_123#top');
    reportRemoteFailure('decoder', MANIFEST, 'load', new Error('boom'));
    reportRemoteFailure('decoder', MANIFEST, 'load', new Error('boom'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/client-errors');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({ remote: 'decoder', version: 'unknown', route: '/payment/success', kind: 'load', message: 'boom' });
  });
});
