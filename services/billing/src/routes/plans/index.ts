import { PLANS_PATH } from '@keisha/contracts/billing';
import type { ServiceApp } from '@keisha/service-kit';
import { catalogue } from '../../domain/catalogue.ts';

export async function planRoutes(app: ServiceApp): Promise<void> {
  const plans = catalogue();
  app.get(PLANS_PATH, { schema: { tags: ['plans'], summary: 'Every plan, price and limit' }, config: { rateLimit: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return plans;
  });
}
