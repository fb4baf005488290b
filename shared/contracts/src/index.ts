// Zod-free entry for browsers. Services import schemas from `@keisha/contracts/schemas` and the
// per-service `/<service>/schemas` entries.
export * from './rules.ts';
export * from './text.ts';
export { ApiError, apiRequest, errorOfAnswer, fieldOfError, isNetworkError, isServiceUnavailable, retryHelps, serverMessageOf, type RequestOptions } from './http.ts';
export { backoffDelay, type Backoff } from './backoff.ts';
