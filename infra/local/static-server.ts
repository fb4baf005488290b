// The static server of a remote's build (its own port locally, its own container in a cluster), and the file
// serving both it and the gateway share: @fastify/static and @fastify/compress with our cache rules. A remote's
// origin is one the site's pages trust for scripts, so it answers with the edge's security headers too, and its
// standalone page with a policy of its own that no other site may frame.
import zlib from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { policyText, REMOTE_DOCUMENT_DIRECTIVES, securityHeaders } from './security.ts';

/** Files that name other files: they must be revalidated, or a new deploy is not seen. */
const ALWAYS_FRESH = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json|sitemap\.xml|robots\.txt|prerender\/index\.json)$/;

/** Hashed chunks are cached for a year; files that name others are revalidated on every use. */
export function setCacheHeaders(reply: FastifyReply, file: string): void {
  const fresh = ALWAYS_FRESH.test(file.split('\\').join('/')) || file.endsWith('.html');
  reply.header('Cache-Control', fresh ? 'no-cache' : 'public, max-age=31536000, immutable');
}

/**
 * Compression for text answers that were not compressed at build time (a production build writes `.br` and
 * `.gz` beside each text file, shared/config/src/precompress.ts, and `preCompressed` sends those as they are).
 * Brotli at quality 5 costs about what gzip does per request (its default, 11, would take a large chunk
 * hundreds of milliseconds) and still sends less.
 */
export const compression = {
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
};

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Listens and hands back the port and a close that does not wait for idle keep-alive connections. */
export async function listen(app: FastifyInstance, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  await app.listen({ port, host });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

const REMOTE_PAGE_POLICY = policyText(REMOTE_DOCUMENT_DIRECTIVES);

/**
 * A server for one remote's build folder, readable from any origin (the shell loads it from its own): the edge's
 * headers, with `Cross-Origin-Resource-Policy: cross-origin` (the shell's page embeds these scripts from another
 * origin), and the standalone page's own policy on HTML. HSTS is not sent here: a remote's origin does not know
 * whether it is reached over https (its CDN or ingress says it).
 */
export async function createStaticServer(root: string): Promise<FastifyInstance> {
  const headers = securityHeaders({ https: false, resourcePolicy: 'cross-origin' });
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    // A path that cannot be routed (`GET /%`) is answered before any hook: the headers are set here.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.headers(headers).code(400).type('text/plain; charset=utf-8').send('Bad request');
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD'] });
  await app.register(compress, compression);
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      setCacheHeaders(reply, file);
      if (file.endsWith('.html')) reply.header('content-security-policy', REMOTE_PAGE_POLICY);
    },
    preCompressed: true,
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
  return app;
}

export async function startStaticServer(root: string, port: number, host?: string): Promise<RunningServer> {
  return listen(await createStaticServer(root), port, host);
}
