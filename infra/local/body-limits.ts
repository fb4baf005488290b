// How large a request body the edge takes on each route. The edge reads a body whole before sending it on, so
// its limit is the first a client meets: a route's limit here must be at least what the service documents for it
// (the service then answers its own 413 for what it refuses), and no larger than needed, since every byte is
// held in the edge's memory until the service has it.

/** Every route but those below: the decoder's one-article limit (1 MiB), the largest of the services' own. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The public API's batch: the OpenAPI and /developers document 5 MB (services/decoder's BATCH_BODY_LIMIT, 50
 * articles of 30,000 characters are about 1.5 MB of JSON, 5 MB leaves room for escaped text).
 */
export const PUBLIC_API_BATCH_PATH = '/api/v1/analyses:batch';
export const PUBLIC_API_BATCH_LIMIT_BYTES = 5 * 1024 * 1024;

/** Routes whose documented limit is above the default: an exact path, POST only. */
export const LARGE_BODY_ROUTES: ReadonlyArray<{ path: string; bytes: number }> = [
  { path: PUBLIC_API_BATCH_PATH, bytes: PUBLIC_API_BATCH_LIMIT_BYTES },
];

/** The largest body the edge takes for a request (a path without its query). */
export function bodyLimitFor(method: string, pathname: string): number {
  if (method !== 'POST') return DEFAULT_BODY_LIMIT_BYTES;
  return LARGE_BODY_ROUTES.find((route) => route.path === pathname)?.bytes ?? DEFAULT_BODY_LIMIT_BYTES;
}

/** A route path as Fastify (find-my-way) reads it: `::` is a literal colon, a single one would start a parameter. */
export function fastifyPath(pathname: string): string {
  return pathname.replaceAll(':', '::');
}
