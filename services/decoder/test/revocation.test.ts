import { describeRevocation } from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';

await describeRevocation('decoder', startDecoder, {
  user: async (app, token) => (await app.inject({ url: '/api/bias-usage/current', headers: { authorization: `Bearer ${token}` } })).statusCode,
  admin: async (app, token) =>
    (await app.inject({ url: `/api/decoder/admin/usage?user_ids=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, headers: { authorization: `Bearer ${token}` } })).statusCode,
});
