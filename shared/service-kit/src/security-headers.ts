// The security headers of every answer, as helmet decides them, computed once at start instead of per request.
//
// @fastify/helmet (what services used before) calls `helmet(options)` inside an onRequest hook on every request:
// that rebuilds and re-validates all of helmet's middlewares each time, then sets each header on the raw
// response, in two hooks, one of them async. With the Content-Security-Policy off (the API answers JSON; the docs
// page sets its own), no header helmet sends depends on the request: the same options give the same headers.
// So helmet's middleware runs once here, on a recording response, and every request gets that record through
// Fastify's reply headers: one sync hook. Helmet stays the source of truth for which headers and what values
// (its defaults move with its version), and security-headers.test.ts proves the headers equal @fastify/helmet's.
// Measured over HTTP (request-overhead.ts): about 30 us of CPU per request less.
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The headers helmet sets with these options, lower-cased names as Fastify keeps them. Throws if helmet reads
 * the request or does anything but set headers (and drop X-Powered-By, which nothing here sets): then the
 * headers could differ between requests, and computing them once would be wrong.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const request = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`helmet read the request (${String(property)}): its headers cannot be computed once`);
      },
    },
  );
  const response = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      // Node and Fastify never set X-Powered-By, so at the start of a request there is nothing to remove.
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removed ${name}: its headers cannot be computed once`);
    },
  };
  let finished = false;
  helmet(options as HelmetOptions)(request as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Every middleware of helmet is synchronous; one that was not would leave headers unset.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** Sets helmet's headers on every answer, the 404 and error answers included, at the start of the request. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
