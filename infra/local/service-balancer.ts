// The address of a service run as replicas, for the other services (IDENTITY_URL, BILLING_URL: a session check, an
// entitlement): the service's usual port answers and passes each request to one of its replicas, with the same
// pool as the edge (replica-pool.ts: in turn, around a replica that is down, drained replicas left out) and the
// same rule for asking another replica (replica-dispatcher.ts). A Kubernetes Service does this in a cluster.
// Requests and answers pass unchanged: no headers of the edge's, no X-Forwarded-For (the caller is a service).
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { errorBody } from './gateway-options.ts';
import type { ReplicaPool } from './replica-pool.ts';
import { replicaDispatcher } from './replica-dispatcher.ts';
import { listen, type RunningServer } from './static-server.ts';
import { budgetedDispatcher } from './upstream-budgets.ts';

export interface ServiceBalancerOptions {
  /** The service's name, for the 502 a caller gets when no replica answers. */
  name: string;
  port: number;
  host?: string;
  pool: ReplicaPool;
  /** How long a replica may take to start answering (0: no limit). */
  budgetMs: number;
}

/** The largest body a service takes (the public API's batch, 5 MiB) and some room. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;

export async function startServiceBalancer({ name, port, host = '127.0.0.1', pool, budgetMs }: ServiceBalancerOptions): Promise<RunningServer> {
  const first = pool.replicas[0]!.url;
  const app = Fastify({ logger: false, bodyLimit: MAX_BODY_BYTES, return503OnClosing: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const dispatcher = replicaDispatcher(
    budgetedDispatcher(() => budgetMs),
    new Map([[first.origin, pool]]),
  );
  app.addHook('onClose', async () => {
    await dispatcher.destroy();
  });
  await app.register(replyFrom, { undici: dispatcher });
  const pass = (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as Buffer | undefined;
    return reply.from(`.${request.url}`, {
      getUpstream: () => first.href,
      retryDelay: () => null,
      ...(body && body.length > 0 ? { body, contentType: String(request.headers['content-type'] ?? 'application/octet-stream') } : {}),
      onError: (failed, { error }) => {
        const timeout = (error as { code?: string }).code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT';
        void failed
          .code(timeout ? 504 : 502)
          .header('Retry-After', '1')
          .send(errorBody(timeout ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE', `No replica of the ${name} service answered.`));
      },
    });
  };
  app.all('/', pass);
  app.all('/*', pass);
  return listen(app, port, host);
}
