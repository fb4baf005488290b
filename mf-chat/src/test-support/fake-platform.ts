// A fake of the platform's HTTP API for component tests: it answers fetch() the way the real services
// do (JSON bodies, the error shape, server-sent events on the chat stream), records every request,
// and lets a test hold a stream open to watch it arrive word by word or be stopped.
import type { ChatUsage } from '@keisha/contracts/chat';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
}

export type FakeHandler = (request: FakeRequest, params: Record<string, string>) => Response | Promise<Response>;

export interface FakePlatform {
  requests: FakeRequest[];
  /** Adds or replaces a route: 'POST /api/chat/stream', 'GET /api/chat/sessions/:id/messages'. */
  on: (route: string, handler: FakeHandler) => void;
  restore: () => void;
  /** The analytics events the page sent (POST /api/analytics/track), oldest first. */
  events: () => TrackedEvent[];
}

export interface TrackedEvent {
  event: string;
  properties: Record<string, unknown>;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message: string, extra: object = {}) =>
  json({ success: false, error: { code, message }, ...extra }, status);

export function usage(over: Partial<ChatUsage> = {}): ChatUsage {
  return {
    plan: 'Free',
    messages_today: 0,
    daily_limit: 10,
    remaining: 10,
    unlimited: false,
    limit_reached: false,
    resets_at: '2030-01-02T00:00:00.000Z',
    time_zone: 'UTC',
    ...over,
  };
}

/** One step of a fake event stream: an event, or a pause until the test releases it. */
export type StreamStep = { event: string; data: unknown } | { until: Promise<void> } | { raw: string };

/** A text/event-stream response that plays its steps; aborting the request errors it, as a real fetch does. */
export function eventStream(steps: StreamStep[], signal: AbortSignal | null, onAbort?: () => void): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let aborted = false;
      signal?.addEventListener('abort', () => {
        aborted = true;
        onAbort?.();
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      });
      for (const step of steps) {
        if (aborted) return;
        if ('until' in step) await step.until;
        else if (aborted) return;
        else controller.enqueue(encoder.encode('raw' in step ? step.raw : `event: ${step.event}\ndata: ${JSON.stringify(step.data)}\n\n`));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      if (!aborted) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** A promise the test resolves to let a held stream go on. */
export function gate(): { until: Promise<void>; open: () => void } {
  let open = () => {};
  const until = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { until, open };
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

export const TEST_TOKEN = 'test-access-token';

/** Replaces fetch with the fake; the refresh route signs `user` in with TEST_TOKEN. */
export function installFakePlatform(user = { id: 'u1', email: 'reader@example.org', role: 'user' }): FakePlatform {
  const original = globalThis.fetch;
  const routes = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const platform: FakePlatform = {
    requests,
    on: (route, handler) => void routes.set(route, handler),
    events: () => requests.filter((r) => r.method === 'POST' && r.path === '/api/analytics/track').map((r) => r.body as TrackedEvent),
    restore: () => {
      globalThis.fetch = original;
      if (typeof document !== 'undefined') document.cookie = 'keisha_session=; max-age=0; path=/';
    },
  };
  // What identity's sign-in leaves readable in the browser: the page asks for a refresh only with it.
  if (typeof document !== 'undefined') document.cookie = 'keisha_session=1; path=/';
  platform.on('POST /api/auth/refresh', () => json({ success: true, user: { ...user, created_at: '2030-01-01T00:00:00.000Z' }, token: TEST_TOKEN, expires_in: 900 }));
  platform.on('GET /api/chat/usage', () => json({ success: true, usage: usage() }));
  platform.on('GET /api/chat/sessions', () => json({ success: true, sessions: [], total: 0, page: 1, page_size: 50 }));
  platform.on('POST /api/analytics/track', () => json({ success: true }, 202));

  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://keisha.invalid');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown;
    try {
      body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      body = init.body;
    }
    const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, headers: new Headers(init.headers), body, signal: init.signal ?? null };
    requests.push(request);
    for (const [route, handler] of routes) {
      const [routeMethod, pattern] = route.split(' ') as [string, string];
      const params = routeMethod === method ? match(pattern, url.pathname) : null;
      if (params) return handler(request, params);
    }
    return apiError(404, 'NOT_FOUND', `No fake route for ${method} ${url.pathname}`);
  }) as typeof fetch;
  return platform;
}
