import { CHAT_ERRORS, CHAT_PATHS, CHAT_TEXT, type SendMessageResponse } from '@keisha/contracts/chat';
import {
  eventStreamResponse,
  messageLimitBody,
  regenerateBody,
  sendMessageBody,
  sendMessageResponse,
  sessionParams,
} from '@keisha/contracts/chat/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyReply } from 'fastify';
import type { Counter, Gauge, Histogram } from '@keisha/service-kit';
import { clientGone, openEventStream, wantsEventStream } from '../../plugins/event-stream.ts';
import type { ReplyService } from '../../plugins/replies.ts';
import { MessageLimitReached, type PreparedReply } from '../../plugins/reply-outcome.ts';
import { requireConfirmedAddress, requireUser, timeZoneOf } from '../../plugins/request-guards.ts';

export interface ReplyRouteOptions {
  replies: ReplyService;
  heartbeatMs: number;
  /** Sends per minute per client address. */
  rateLimitMax: number;
}

/** What the routes count for Prometheus. */
interface ReplyMetrics {
  refusals: Counter<'tier'>;
  streamsOpen: Gauge;
  firstToken: Histogram;
}

function replyMetrics(app: ServiceApp): ReplyMetrics {
  return {
    refusals: app.metrics.counter('quota_refusals_total', 'Messages refused because the daily limit was used up, by plan.', ['tier']),
    streamsOpen: app.metrics.gauge('chat_streams_open', 'Answers streaming as server-sent events right now.'),
    // From the request's arrival to the first piece of the answer sent: what a person waits before text appears.
    firstToken: app.metrics.histogram('chat_first_token_seconds', 'Time from the request to the first streamed token.', [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30]),
  };
}

/** Prepares a reply, or answers the daily limit's 429 (with the usage for the paywall) and returns undefined. */
async function prepare(reply: FastifyReply, metrics: ReplyMetrics, make: () => Promise<PreparedReply>): Promise<PreparedReply | undefined> {
  try {
    return await make();
  } catch (error) {
    if (!(error instanceof MessageLimitReached)) throw error;
    metrics.refusals.inc({ tier: error.usage.plan });
    await reply.status(429).send({ success: false as const, error: { code: CHAT_ERRORS.messageLimit, message: error.message }, usage: error.usage });
    return undefined;
  }
}

/** The whole answer as JSON: the spec's `{ response }`, plus ids, engine, sources and usage. */
async function answerAsJson(prepared: PreparedReply, gone: AbortSignal): Promise<SendMessageResponse> {
  // Nothing is sent before the whole answer: a person who leaves the JSON route was sent nothing (domain/quota/charge.ts).
  const outcome = await prepared.run(undefined, gone);
  const ids = { session_id: prepared.session.id, user_message_id: prepared.userMessageId, ai_message_id: prepared.aiMessageId };
  if (outcome.status === 'failed') {
    throw new AppError(503, CHAT_ERRORS.replyFailed, CHAT_TEXT.replyFailed, { ...ids, reason: outcome.reason });
  }
  return {
    success: true,
    response: outcome.text,
    ...ids,
    status: outcome.status,
    engine: outcome.engine,
    sources: outcome.sources,
    notes: outcome.notes,
    usage: outcome.usage,
  };
}

/** The answer as server-sent events: meta, delta..., then done or error (heartbeats meanwhile). */
async function answerAsEvents(reply: FastifyReply, prepared: PreparedReply, gone: AbortSignal, heartbeatMs: number, metrics: ReplyMetrics, checksMs: number): Promise<void> {
  metrics.streamsOpen.inc();
  try {
    await streamAnswer(reply, prepared, gone, heartbeatMs, metrics, checksMs);
  } finally {
    metrics.streamsOpen.dec();
  }
}

async function streamAnswer(reply: FastifyReply, prepared: PreparedReply, gone: AbortSignal, heartbeatMs: number, metrics: ReplyMetrics, checksMs: number): Promise<void> {
  // How long accepting the message took (auth, quota, both bubbles written), for clients and the
  // benchmark; with when the model was asked (before the writes, so it overlaps them) and how much of
  // it was spent before the handler (authentication, the session check, reading and validating the body).
  const now = reply.elapsedTime;
  const timing = [`accept;dur=${now.toFixed(1)}`, `checks;dur=${checksMs.toFixed(1)}`];
  if (prepared.askedAt !== undefined) timing.push(`model;dur=${(now - (performance.now() - prepared.askedAt)).toFixed(1)}`);
  reply.header('server-timing', timing.join(', '));
  const events = openEventStream(reply, { heartbeatMs });
  let firstSent = false;
  events.send('meta', {
    session_id: prepared.session.id,
    user_message_id: prepared.userMessageId,
    ai_message_id: prepared.aiMessageId,
    session_created: prepared.sessionCreated,
    session: prepared.session,
    usage: prepared.usage,
  });
  const outcome = await prepared.run((text) => {
    if (!firstSent) metrics.firstToken.observe(reply.elapsedTime / 1000);
    firstSent = true;
    events.send('delta', { text });
  }, gone);
  if (outcome.status === 'failed') {
    events.send('error', {
      code: CHAT_ERRORS.replyFailed,
      message: CHAT_TEXT.replyFailed,
      reason: outcome.reason,
      message_id: outcome.message ? prepared.aiMessageId : null,
      usage: outcome.usage,
    });
  } else {
    events.send('done', { status: outcome.status, message: outcome.message, usage: outcome.usage });
  }
  events.end();
}

export async function replyRoutes(app: ServiceApp, options: ReplyRouteOptions): Promise<void> {
  app.addHook('onRequest', requireUser(app));
  app.addHook('onRequest', requireConfirmedAddress);
  const metrics = replyMetrics(app);
  const config = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } };
  const refusals = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 413: apiErrorBody, 429: messageLimitBody.or(apiErrorBody) };

  app.post(
    CHAT_PATHS.send,
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a message and get Keisha’s whole answer (the spec’s call). A client system_prompt is ignored.',
        body: sendMessageBody,
        response: { 200: sendMessageResponse, ...refusals, 503: apiErrorBody },
      },
      config,
    },
    async (request, reply) => {
      const gone = clientGone(reply);
      const timeZone = timeZoneOf(request.body.time_zone);
      const prepared = await prepare(reply, metrics, () =>
        options.replies.send({ userId: request.user.sub, bearer: request.headers.authorization!, message: request.body.message, sessionId: request.body.session_id, timeZone }),
      );
      if (!prepared) return reply;
      return answerAsJson(prepared, gone);
    },
  );

  app.post(
    CHAT_PATHS.stream,
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a message; the answer streams as server-sent events (meta, delta, done | error, heartbeat)',
        body: sendMessageBody,
        response: { 200: eventStreamResponse, ...refusals },
      },
      config,
    },
    async (request, reply) => {
      const checksMs = reply.elapsedTime;
      const gone = clientGone(reply);
      const timeZone = timeZoneOf(request.body.time_zone);
      const prepared = await prepare(reply, metrics, () =>
        options.replies.send({ userId: request.user.sub, bearer: request.headers.authorization!, message: request.body.message, sessionId: request.body.session_id, timeZone }),
      );
      if (!prepared) return reply;
      await answerAsEvents(reply, prepared, gone, options.heartbeatMs, metrics, checksMs);
      return reply;
    },
  );

  app.post(
    '/api/chat/sessions/:id/regenerate',
    {
      schema: {
        tags: ['chat'],
        summary: 'Answer the last message again, replacing the last answer (SSE with Accept: text/event-stream, else JSON)',
        params: sessionParams,
        body: regenerateBody,
        response: { 200: sendMessageResponse, ...refusals, 409: apiErrorBody, 503: apiErrorBody },
      },
      config,
    },
    async (request, reply) => {
      const checksMs = reply.elapsedTime;
      const gone = clientGone(reply);
      const timeZone = timeZoneOf(request.body.time_zone);
      const prepared = await prepare(reply, metrics, () => options.replies.regenerate({ userId: request.user.sub, bearer: request.headers.authorization!, sessionId: request.params.id, timeZone }));
      if (!prepared) return reply;
      if (!wantsEventStream(request.headers.accept)) return answerAsJson(prepared, gone);
      await answerAsEvents(reply, prepared, gone, options.heartbeatMs, metrics, checksMs);
      return reply;
    },
  );
}
