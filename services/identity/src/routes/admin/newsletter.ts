// The admin console's Newsletter page: issues written and scheduled by administrators, what went out day by
// day, and "send today's now".
import { ADMIN_NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { adminNewsletterResponse, newsletterIssueBody, newsletterIssueParams, newsletterIssueResponse, newsletterRunBody, newsletterRunResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import { z } from 'zod';
import type { NewsletterIssues } from '../../newsletter/issues.ts';
import { utcDay, type Newsletter } from '../../newsletter/newsletter.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };

export async function adminNewsletterRoutes(
  app: ServiceApp,
  options: { newsletter: Newsletter; issues: NewsletterIssues; sendHourUtc: number; /** How long "Send now" waits for the run before answering 202. */ runWaitMs: number },
): Promise<void> {
  const { issues, newsletter } = options;
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireAdmin);

  app.get(
    ADMIN_NEWSLETTER_PATHS.overview,
    { schema: { tags: ['admin'], summary: 'Newsletter issues and what went out, day by day (60 days)', response: { 200: adminNewsletterResponse, ...errors } } },
    async () => ({ success: true as const, ...(await issues.overview()), send_hour_utc: options.sendHourUtc }),
  );

  app.post(
    ADMIN_NEWSLETTER_PATHS.issues,
    { schema: { tags: ['admin'], summary: 'Write and schedule an issue for a day', body: newsletterIssueBody, response: { 201: newsletterIssueResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ success: true as const, issue: await issues.create(request.body, request.user.sub) }),
  );

  app.put(
    '/api/identity/admin/newsletter/issues/:id',
    { schema: { tags: ['admin'], summary: 'Change a scheduled issue (before it goes out)', params: newsletterIssueParams, body: newsletterIssueBody, response: { 200: newsletterIssueResponse, ...errors } } },
    async (request) => ({ success: true as const, issue: await issues.update(request.params.id, request.body) }),
  );

  app.delete(
    '/api/identity/admin/newsletter/issues/:id',
    { schema: { tags: ['admin'], summary: 'Withdraw a scheduled issue (before it goes out)', params: newsletterIssueParams, response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request) => {
      await issues.remove(request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    ADMIN_NEWSLETTER_PATHS.run,
    {
      schema: {
        tags: ['admin'],
        summary: 'Send today’s newsletter now to subscribed readers who have not had it (202 while it is still going out)',
        body: newsletterRunBody,
        response: { 200: newsletterRunResponse, 202: newsletterRunResponse, ...errors },
      },
    },
    async (_request, reply) => {
      const started = await newsletter.startDay(utcDay(new Date()), true);
      if (!started) throw new AppError(409, 'RUN_IN_PROGRESS', 'Today’s newsletter is being sent right now. Try again in a minute.');
      // A long list outlasts the edge's wait for identity (10 s): past `runWaitMs` the answer says how far the run got,
      // and the run goes on without the request.
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([started.done, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), options.runWaitMs)))]);
      clearTimeout(timer);
      const run = finished ?? started.result;
      if (!finished) reply.code(202);
      return { success: true as const, run: { day: run.day, queued: run.queued, skipped: run.skipped, complete: finished ? run.complete : false, in_progress: !finished } };
    },
  );
}
