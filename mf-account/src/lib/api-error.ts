import { ApiError, errorOfAnswer } from '@keisha/contracts';

/**
 * The ApiError in `error`, whichever copy of @keisha/contracts made it. session.request throws the
 * class of @keisha/store's copy (a federated singleton, often the shell's bundle), which is not this
 * bundle's class, so `instanceof` alone misses it; its shape does not.
 */
export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (typeof error !== 'object' || error === null || (error as { name?: unknown }).name !== 'ApiError') return undefined;
  const { status, code, message, details } = error as { status?: unknown; code?: unknown; message?: unknown; details?: unknown };
  if (typeof status !== 'number' || typeof code !== 'string' || typeof message !== 'string') return undefined;
  return new ApiError(status, code, message, details);
}

/**
 * The error of a failed call whose answer is read by hand (a file, not the JSON client): the service's own error
 * envelope ({success:false,error:{code,message,details}}) when it sent one, read as the JSON client reads it, and otherwise (a proxy's page, an empty body)
 * a generic HTTP_ERROR that shows no message of its own.
 */
export function apiErrorOfBody(status: number, body: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: the generic error below
  }
  const error = errorOfAnswer(parsed);
  return error ? new ApiError(status, error.code, error.message, error.details) : new ApiError(status, 'HTTP_ERROR', `Request failed (${status})`);
}
