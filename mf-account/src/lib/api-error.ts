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
