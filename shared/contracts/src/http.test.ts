import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, fieldOfError } from './http.ts';

// A real HTTP server answering the shapes a browser can meet.
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    switch (req.url) {
      case '/ok':
        return send(200, '{"success":true,"id":"1"}');
      case '/coded':
        return send(409, '{"success":false,"error":{"code":"DUPLICATE","message":"Already there"}}');
      case '/field':
        return send(400, '{"success":false,"error":{"code":"VALIDATION","message":"Invalid email","details":{"field":"confirm_email","where":"body"}}}');
      case '/message-only':
        return send(500, '{"error":{"message":"Upstream said no"}}');
      case '/bare':
        return send(503, '{}');
      case '/html':
        return send(502, '<html>Bad gateway</html>', 'text/html');
      default:
        return send(404, '');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(path: string): Promise<ApiError> {
  try {
    await apiRequest(path, { baseUrl: base });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('apiRequest', () => {
  it('returns the parsed answer', async () => {
    expect(await apiRequest<{ id: string }>('/ok', { baseUrl: base })).toEqual({ success: true, id: '1' });
  });

  it.each([
    ['/coded', 409, 'DUPLICATE', 'Already there'],
    ['/message-only', 500, 'SERVER_ERROR', 'Upstream said no'],
    ['/bare', 503, 'HTTP_ERROR', 'Request failed (503)'],
    ['/html', 502, 'NON_JSON', '502: <html>Bad gateway</html>'],
  ])('turns %s into an ApiError', async (path, status, code, message) => {
    expect(await failure(path)).toMatchObject({ status, code, message });
  });

  it("keeps the error's details, and names the field a refusal is about", async () => {
    const refused = await failure('/field');
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Invalid email', details: { field: 'confirm_email', where: 'body' } });
    expect(fieldOfError(refused)).toBe('confirm_email');
    const coded = await failure('/coded');
    expect(coded.details).toBeUndefined();
    expect(fieldOfError(coded)).toBeUndefined();
    expect(fieldOfError(new ApiError(400, 'VALIDATION', 'x', { field: 42 }))).toBeUndefined();
    expect(fieldOfError(undefined)).toBeUndefined();
  });

  it('reports a refused connection as a network error with status 0', async () => {
    const error = await apiRequest('/x', { baseUrl: 'http://127.0.0.1:9' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('isNetworkError and serverMessageOf', async () => {
  const { isNetworkError, serverMessageOf } = await import('./http.ts');
  it('tell a network failure, a server message and a failure without one apart', () => {
    expect(isNetworkError(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(true);
    expect(isNetworkError(new ApiError(500, 'SERVER_ERROR', 'x'))).toBe(false);
    expect(isNetworkError(new Error('Failed to fetch'))).toBe(false);
    expect(serverMessageOf(new ApiError(409, 'DUPLICATE', 'Already there'))).toBe('Already there');
    expect(serverMessageOf(new ApiError(403, 'SERVER_ERROR', 'Admins only'))).toBe('Admins only');
    expect(serverMessageOf(new ApiError(503, 'HTTP_ERROR', 'Request failed (503)'))).toBeUndefined();
    expect(serverMessageOf(new ApiError(502, 'NON_JSON', '502: <html>'))).toBeUndefined();
    expect(serverMessageOf(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBeUndefined();
    expect(serverMessageOf(new ApiError(400, 'VALIDATION', '  '))).toBeUndefined();
    expect(serverMessageOf(new Error('boom'))).toBeUndefined();
  });
});

describe('retryHelps and isServiceUnavailable', async () => {
  const { isServiceUnavailable, retryHelps } = await import('./http.ts');
  it('offer a retry for a request that never arrived, a rate limit and a service that could not answer', () => {
    for (const status of [0, 429, 502, 503, 504]) expect(retryHelps(new ApiError(status, 'X', 'x'))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 500]) expect(retryHelps(new ApiError(status, 'X', 'x'))).toBe(false);
    expect(retryHelps(new Error('Failed to fetch'))).toBe(false);
  });

  it('call only the failures of a service unavailable, never a refusal or a rate limit', () => {
    expect(isServiceUnavailable(new ApiError(503, 'AUTH_UNAVAILABLE', 'x'))).toBe(true);
    expect(isServiceUnavailable(new ApiError(502, 'UPSTREAM_UNAVAILABLE', 'x'))).toBe(true);
    expect(isServiceUnavailable(new ApiError(504, 'UPSTREAM_TIMEOUT', 'x'))).toBe(true);
    expect(isServiceUnavailable(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(isServiceUnavailable(new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(false);
    expect(isServiceUnavailable(new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(false);
    expect(isServiceUnavailable('down')).toBe(false);
  });
});

describe('ApiError across bundles', () => {
  it('recognises an error made by another copy of this module (another remote’s bundle)', async () => {
    // What a second bundled copy of http.ts produces: a different class with the same brand.
    const brand: unique symbol = Symbol.for('keisha.ApiError') as never;
    class OtherCopyApiError extends Error {
      readonly [brand] = true;
      readonly status = 409;
      readonly code = 'DUPLICATE';
    }
    const foreign = new OtherCopyApiError('Already there');
    expect(foreign instanceof ApiError).toBe(true);
    const { serverMessageOf } = await import('./http.ts');
    expect(serverMessageOf(foreign)).toBe('Already there');
    expect(new Error('x') instanceof ApiError).toBe(false);
    expect((null as unknown) instanceof ApiError).toBe(false);
  });
});
