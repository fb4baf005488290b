import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startChat } from './helpers.ts';

await describeServiceFrame('chat', startChat, [
  '/api/chat',
  '/api/chat/stream',
  '/api/chat/sessions',
  '/api/chat/sessions/{id}',
  '/api/chat/sessions/{id}/messages',
  '/api/chat/sessions/{id}/regenerate',
  '/api/chat/search',
  '/api/chat/usage',
  '/api/chat/admin/usage',
]);
