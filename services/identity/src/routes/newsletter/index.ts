// The reader's side of the daily newsletter: the account page's opt-in and opt-out (signed in), and the
// unsubscribe link of every message (no sign-in: a signed token). GET on the link shows one button and
// changes nothing, so a mail scanner that opens links unsubscribes nobody; the button, or a mail client's
// RFC 8058 one-click POST (List-Unsubscribe-Post), unsubscribes.
import { NEWSLETTER_PATHS, NEWSLETTER_TEXT } from '@keisha/contracts/identity';
import { newsletterSubscriptionBody, newsletterSubscriptionResponse, newsletterUnsubscribeQuery } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Newsletter } from '../../newsletter/newsletter.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 429: apiErrorBody, 503: apiErrorBody };

function page(title: string, inner: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><main><h1>${title}</h1>${inner}</main></body></html>`;
}

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

/**
 * The pages' own headers: no script or style at all, the one form posts here (the edge keeps a service's own
 * policy; its default for API answers forbids forms), not cached, and the token-bearing address never sent on.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

export async function newsletterRoutes(app: ServiceApp, options: { newsletter: Newsletter; rateLimitMax: number }): Promise<void> {
  const { newsletter } = options;
  // RFC 8058's one-click POST comes as a form (`List-Unsubscribe=One-Click`); the token is in the URL, so the
  // body is read and not needed. Only in this plugin: every other route still takes JSON only.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  }

  const bearerOf = (request: FastifyRequest) => (typeof request.headers.authorization === 'string' ? request.headers.authorization : '');

  app.get(
    NEWSLETTER_PATHS.subscription,
    {
      preHandler: app.authenticate,
      schema: { tags: ['newsletter'], summary: 'My daily newsletter choice, and whether my plan includes it', response: { 200: newsletterSubscriptionResponse, ...errors } },
    },
    async (request) => ({ success: true as const, subscription: await newsletter.subscription(request.user.sub, bearerOf(request)) }),
  );

  app.put(
    NEWSLETTER_PATHS.subscription,
    {
      preHandler: app.authenticate,
      schema: { tags: ['newsletter'], summary: 'Opt in to or out of the daily newsletter', body: newsletterSubscriptionBody, response: { 200: newsletterSubscriptionResponse, ...errors } },
    },
    async (request) => {
      await newsletter.setSubscribed(request.user.sub, request.body.subscribed, 'account');
      return { success: true as const, subscription: await newsletter.subscription(request.user.sub, bearerOf(request)) };
    },
  );

  const linkLimit = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } };

  app.get(
    NEWSLETTER_PATHS.unsubscribe,
    {
      config: linkLimit,
      schema: { tags: ['newsletter'], summary: 'The unsubscribe link’s page: one button, nothing changed yet', querystring: newsletterUnsubscribeQuery, response: { 200: z.string(), 400: z.union([z.string(), apiErrorBody]), 429: apiErrorBody } },
    },
    async (request, reply) => {
      const userId = tokenOwner(newsletter, request.query.token);
      reply.headers(PAGE_HEADERS);
      if (!userId) return reply.code(400).send(page('Keisha daily newsletter', `<p>${NEWSLETTER_TEXT.unsubscribeInvalid}</p>`));
      const action = `${NEWSLETTER_PATHS.unsubscribe}?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page('Keisha daily newsletter', `<p>Stop sending me the Keisha daily newsletter.</p><form method="post" action="${action}"><button type="submit">Unsubscribe</button></form><p>You can opt in again on your account page.</p>`),
      );
    },
  );

  app.post(
    NEWSLETTER_PATHS.unsubscribe,
    {
      config: linkLimit,
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe by the link’s token (the page’s button or RFC 8058 one-click), no sign-in',
        querystring: newsletterUnsubscribeQuery,
        response: { 200: z.union([z.string(), z.object({ success: z.literal(true), message: z.string() })]), 400: apiErrorBody, 429: apiErrorBody },
      },
    },
    async (request, reply) => {
      const userId = newsletter.readerOfToken(request.query.token);
      await newsletter.setSubscribed(userId, false, 'link');
      reply.header('cache-control', 'no-store');
      if (wantsHtml(request)) return reply.headers(PAGE_HEADERS).send(page('Keisha daily newsletter', `<p>${NEWSLETTER_TEXT.unsubscribeDone}</p><p>You can opt in again on your account page.</p>`));
      return { success: true as const, message: NEWSLETTER_TEXT.unsubscribeDone };
    },
  );
}

function tokenOwner(newsletter: Newsletter, token: string): string | null {
  try {
    return newsletter.readerOfToken(token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
