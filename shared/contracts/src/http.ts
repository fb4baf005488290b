import type { z } from 'zod';
import { apiErrorBody } from './common.ts';

/** A failed API call: `status` 0 means the request never reached a server (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
  /** Base URL; empty means same origin (the gateway). */
  baseUrl?: string;
}

/** One typed fetch: sends JSON, parses the answer with the response schema, turns failures into ApiError. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  responseSchema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl ?? ''}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'include',
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(0, 'NETWORK_ERROR', message);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, 'NON_JSON', `${response.status}: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const parsed = apiErrorBody.safeParse(json);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(response.status, 'HTTP_ERROR', `Request failed (${response.status})`);
  }
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'BAD_RESPONSE', 'The server sent an unexpected answer.');
  return parsed.data;
}
