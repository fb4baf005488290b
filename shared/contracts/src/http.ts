// The browsers' thin typed fetch client. It imports no validation library: response types come
// from the contracts' schemas at compile time, and services validate every input at run time.

/**
 * A failed API call. `status` 0 (code NETWORK_ERROR) means the request never reached a server.
 * Code HTTP_ERROR means the server failed without a message of its own; NON_JSON, that it answered
 * something that is not JSON (a proxy's page, say). Any other code is the server's, with its message.
 */
// Each app bundles its own copy of this module, so an ApiError thrown by the shared session (bundled
// with whichever app loaded the store) is not an instance of another app's class. A registered
// symbol brands every copy's errors, and instanceof checks the brand.
const API_ERROR = Symbol.for('keisha.ApiError');

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The error envelope's `details` as the server sent them (e.g. `{ field: 'confirm_email' }`), if any. */
  readonly details?: unknown;
  readonly [API_ERROR] = true;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (details !== undefined) this.details = details;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true;
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

/** The server's own error in an answer's JSON ({success:false,error:{code,message,details}}), if it sent one. */
export function errorOfAnswer(json: unknown): { code: string; message: string; details?: unknown } | undefined {
  if (typeof json !== 'object' || json === null || !('error' in json)) return undefined;
  const error = (json as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  return typeof message === 'string' && message.trim() !== ''
    ? { code: typeof code === 'string' && code !== 'HTTP_ERROR' ? code : 'SERVER_ERROR', message, ...(details === undefined ? {} : { details }) }
    : undefined;
}

/** The field a refusal names in its details (`{ field: 'confirm_email' }`, as every service's validation sends it), if any. */
export function fieldOfError(error: ApiError | undefined): string | undefined {
  const details = error?.details;
  if (typeof details !== 'object' || details === null) return undefined;
  const field = (details as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** Sends JSON, returns the parsed answer, and turns every failure into an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
    const error = errorOfAnswer(json);
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Request failed (${response.status})`, error?.details);
  }
  return json as T;
}

/** The request never reached a server (offline, refused, DNS): the person's connection is the problem. */
export function isNetworkError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 0 || error.code === 'NETWORK_ERROR');
}

/** The message a server sent with its error, or undefined when it sent none we can show. */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  if (error.code === 'NETWORK_ERROR' || error.code === 'NON_JSON' || error.code === 'HTTP_ERROR') return undefined;
  return error.message.trim() === '' ? undefined : error.message;
}

/**
 * Whether the same request may well succeed a little later: it never reached a server, it was rate limited
 * (429), or a service or the edge could not answer just then (502, 503, 504). A Try Again button helps here.
 */
export function retryHelps(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * A service (or the edge in front of it) could not answer: unreachable, timed out, or unable to ask a service
 * it depends on (identity, billing). This is never a verdict about the reader: not a sign-out, not a refusal.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return retryHelps(error) && (error as ApiError).status !== 429;
}
