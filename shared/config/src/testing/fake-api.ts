// A stand-in for the platform's HTTP API in the remotes' component tests (decoder, account): routes by method
// and path, records calls. Shared here because remotes share no code but the shared packages.
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeResponse {
  status?: number;
  json?: unknown;
  text?: string;
  contentType?: string;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeApi {
  fetch: typeof fetch;
  calls: FakeRequest[];
  /** Adds or replaces the handler of 'METHOD /path'. */
  on(route: string, handler: FakeHandler | FakeResponse): void;
  callsTo(route: string): FakeRequest[];
}

export const notFound = (path: string): FakeResponse => ({
  status: 404,
  json: { success: false, error: { code: 'NOT_FOUND', message: `Route ${path} not found` } },
});

export function fakeApi(routes: Record<string, FakeHandler | FakeResponse> = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: FakeRequest[] = [];

  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://keisha.invalid');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, body, headers };
    calls.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = table.get(`${method} ${url.pathname}`);
    const answer = route === undefined ? notFound(url.pathname) : typeof route === 'function' ? await route(request) : route;
    const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'content-type': answer.contentType ?? 'application/json' },
    });
  };

  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    on(route, handler) {
      table.set(route, handler);
    },
    callsTo(route) {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

/** The identity service's answer to a sign-in or refresh. */
export function authSuccess(user: { id: string; email: string; role: 'user' | 'admin' }) {
  return {
    json: {
      success: true,
      user: { ...user, created_at: '2025-01-15T10:00:00.000Z' },
      token: `token-of-${user.id}`,
      expires_in: 900,
    },
  };
}
