// The static server of a remote's build (its own port locally, its own container in a cluster), and the file
// serving both it and the gateway share: @fastify/static and @fastify/compress with our cache rules.
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';

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

/** A server for one remote's build folder, readable from any origin (the shell loads it from its own). */
export async function createStaticServer(root: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD'] });
  await app.register(compress, compression);
  await app.register(fastifyStatic, { root, cacheControl: false, setHeaders: setCacheHeaders, preCompressed: true });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
  return app;
}

export async function startStaticServer(root: string, port: number, host?: string): Promise<RunningServer> {
  return listen(await createStaticServer(root), port, host);
}
