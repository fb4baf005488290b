import { ApiError } from '@keisha/contracts';
import { AUTH_ERRORS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { apiErrorOfBody } from './api-error.ts';

const networkError = (cause: unknown) => new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : String(cause));

async function request(path: string, accept: string, token: string | null): Promise<Response> {
  try {
    return await fetch(path, {
      headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
      // Files here are personal or administrative data: the browser's cache keeps no copy.
      cache: 'no-store',
    });
  } catch (cause) {
    throw networkError(cause);
  }
}

/**
 * GET a file with the session's token (the waitlist's CSV, the reader's data), not through session.request, which
 * parses every answer as JSON. Like it, a refused token (401 UNAUTHENTICATED) is renewed once and the request sent
 * again. Every failure is an ApiError: the service's own from its error body, or NETWORK_ERROR (also when the
 * connection drops while the body comes). The answer is returned ok, its body not yet read.
 */
export async function fetchFile(path: string, accept: string): Promise<Response> {
  const first = await session.accessToken();
  let response = await request(path, accept, first);
  if (response.status === 401 && first) {
    const refused = apiErrorOfBody(response.status, await response.text().catch(() => ''));
    if (refused.code !== AUTH_ERRORS.unauthenticated) throw refused;
    const second = await session.renewAccessToken();
    if (!second) throw refused;
    response = await request(path, accept, second);
  }
  if (!response.ok) throw apiErrorOfBody(response.status, await response.text().catch(() => ''));
  return response;
}

/** The body as a Blob, byte for byte; a connection dropped while it came is a NETWORK_ERROR. */
export async function blobOf(response: Response): Promise<Blob> {
  try {
    return await response.blob();
  } catch (cause) {
    throw networkError(cause);
  }
}
