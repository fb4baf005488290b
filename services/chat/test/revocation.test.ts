import { describeRevocation } from '@keisha/service-kit/testing';
import { startChat } from './helpers.ts';

const someone = '00000000-0000-4000-8000-000000000000';

await describeRevocation('chat', startChat, {
  user: async (app, token) => (await app.inject({ url: '/api/chat/usage', headers: { authorization: `Bearer ${token}` } })).statusCode,
  admin: async (app, token) => (await app.inject({ url: `/api/chat/admin/usage?user_ids=${someone}`, headers: { authorization: `Bearer ${token}` } })).statusCode,
});
