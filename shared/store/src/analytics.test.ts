// @vitest-environment jsdom
/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SESSION_KEY, analyticsSessionId, sendAnalyticsEvent, trackEvent } from './index.ts';

interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: { event: string; properties: Record<string, unknown> };
}

// A real HTTP server standing for the decoder's track route. The page's fetch resolves '/api/...' against
// the page's origin; Node's fetch has no page, so the stub below only does that resolution.
let server: Server;
let origin: string;
let answerStatus = 202;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: JSON.parse(raw) });
      response.writeHead(answerStatus, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const nodeFetch = globalThis.fetch;
beforeEach(() => {
  received.length = 0;
  answerStatus = 202;
  sessionStorage.clear();
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => nodeFetch(new URL(input, origin), init));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('trackEvent', () => {
  it('posts the event with its properties, the time, the page without its query, the user agent and the session id', async () => {
    window.history.pushState({}, '', '/payment/success?checkout=ch_123#top');
    await trackEvent('chat_message_sent', { characters: 12 });
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/api/analytics/track');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers.authorization).toBeUndefined();
    expect(sent!.body.event).toBe('chat_message_sent');
    expect(Object.keys(sent!.body.properties).sort()).toEqual(['characters', 'session_id', 'timestamp', 'url', 'user_agent']);
    expect(sent!.body.properties).toMatchObject({ characters: 12, url: `${window.location.origin}/payment/success`, session_id: sessionStorage.getItem(ANALYTICS_SESSION_KEY) });
    expect(Date.parse(String(sent!.body.properties.timestamp))).not.toBeNaN();
  });

  it('sends one session id per browser session, the one another app of the page stored first', async () => {
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, 'set-by-the-shell');
    await trackEvent('chat_opened');
    await trackEvent('chat_message_sent', { session_id: 'forged' });
    expect(received.map((r) => r.body.properties.session_id)).toEqual(['set-by-the-shell', 'set-by-the-shell']);
  });

  it('keeps one id for the page when storage is blocked', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const first = analyticsSessionId();
    await trackEvent('chat_opened');
    expect(first).toMatch(/\S{8,}/);
    expect(analyticsSessionId()).toBe(first);
    expect(received[0]!.body.properties.session_id).toBe(first);
  });

  it('resolves whatever the service answers, and when nothing answers', async () => {
    answerStatus = 500;
    await expect(trackEvent('chat_opened')).resolves.toBeUndefined();
    expect(received).toHaveLength(1);
    vi.stubGlobal('fetch', (_input: string, init?: RequestInit) => nodeFetch('http://127.0.0.1:1/api/analytics/track', init));
    await expect(trackEvent('chat_opened')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', () => {
      throw new TypeError('fetch is not available');
    });
    await expect(trackEvent('chat_opened')).resolves.toBeUndefined();
  });
});

describe('sendAnalyticsEvent', () => {
  it('posts a body as it is (the shell sends page views with their own properties)', async () => {
    await sendAnalyticsEvent({ event: 'page_view', properties: { path: '/faq', session_id: 's1' } });
    expect(received.map((r) => r.body)).toEqual([{ event: 'page_view', properties: { path: '/faq', session_id: 's1' } }]);
  });
});
