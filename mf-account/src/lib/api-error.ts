import { ApiError } from '@keisha/contracts';

/**
 * The ApiError in `error`, whichever copy of @keisha/contracts made it. session.request throws the
 * class of @keisha/store's copy (a federated singleton, often the shell's bundle), which is not this
 * bundle's class, so `instanceof` alone misses it; its shape does not.
 */
export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (typeof error !== 'object' || error === null || (error as { name?: unknown }).name !== 'ApiError') return undefined;
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown };
  if (typeof status !== 'number' || typeof code !== 'string' || typeof message !== 'string') return undefined;
  return new ApiError(status, code, message);
}

/**
 * The error of a failed call whose answer is read by hand (a file, not the JSON client): the service's own error
 * envelope ({success:false,error:{code,message}}) when it sent one, and otherwise (a proxy's page, an empty body)
 * a generic HTTP_ERROR that shows no message of its own.
 */
export function apiErrorOfBody(status: number, body: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(body);
    const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (error && typeof error.message === 'string' && error.message.trim() !== '') {
      const code = typeof error.code === 'string' && error.code !== 'HTTP_ERROR' ? error.code : 'SERVER_ERROR';
      return new ApiError(status, code, error.message);
    }
  } catch {
    // not JSON: the generic error below
  }
  return new ApiError(status, 'HTTP_ERROR', `Request failed (${status})`);
}
