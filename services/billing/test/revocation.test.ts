import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { describeRevocation } from '@keisha/service-kit/testing';
import { startBilling } from './helpers.ts';

const someone = '00000000-0000-4000-8000-000000000000';

await describeRevocation('billing', startBilling, {
  user: async (app, token) => (await app.inject({ url: ENTITLEMENT_PATHS.me, headers: { authorization: `Bearer ${token}` } })).statusCode,
  admin: async (app, token) => (await app.inject({ url: `${ENTITLEMENT_PATHS.admin}?user_ids=${someone}`, headers: { authorization: `Bearer ${token}` } })).statusCode,
});
