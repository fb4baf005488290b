import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, hostileValues, unparsableBodies, identityForFile } from '@keisha/service-kit/testing';
import { bearer, seededChatForSuite } from './helpers.ts';

// Hostile and malformed values for every body field and query parameter of every chat route:
// always a 4xx with a message, never a 5xx; or a success where the value is legitimate.
const HOSTILE: Array<[string, unknown]> = [
  ...hostileValues({ sample: 'hello', table: 'messages', nulByte: 'a\u0000b' }),
  ['blank', ' \n\t '],
  ['LIKE wildcards', '%_%\\'],
  ['a uuid', '00000000-0000-4000-8000-000000000000'],
];

// Values that are legitimate for a field, so a success is right.
const LEGITIMATE: Record<string, string[]> = {
  message: ['unicode', 'HTML', 'SQL', 'LIKE wildcards', 'a uuid'],
  system_prompt: ['null', 'empty', 'blank', 'unicode', 'HTML', 'SQL', 'LIKE wildcards', 'a uuid'],
  session_id: ['null'],
  title: ['unicode', 'HTML', 'SQL', 'LIKE wildcards', 'a uuid', 'null'],
  // Query values arrive as text: '42', 'true', '["hello"]' are legitimate searches.
  q: ['unicode', 'HTML', 'SQL', 'LIKE wildcards', 'a uuid', 'a number', 'a boolean', 'null', 'an array', 'an object'],
  page: ['a number'],
  page_size: ['a number'],
  limit: ['a number'],
  time_zone: [],
  // No ids: an empty answer.
  user_ids: ['a uuid', 'empty', 'blank'],
};
const isLegitimate = (field: string, label: string) => LEGITIMATE[field]?.includes(label) ?? false;

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('chat under hostile input on $kind', (target) => {
  const ctx = seededChatForSuite(target, identity, 'Seed message about redlining');
  let admin = '';
  beforeAll(async () => {
    admin = await identity.tokenFor('admin');
  });

  const BODY_ROUTES = () => [
    { method: 'POST' as const, url: '/api/chat', fields: { message: 'hello', system_prompt: 'x', session_id: ctx.sessionId, time_zone: 'UTC' } },
    { method: 'POST' as const, url: '/api/chat/stream', fields: { message: 'hello', system_prompt: 'x', session_id: ctx.sessionId, time_zone: 'UTC' } },
    { method: 'POST' as const, url: '/api/chat/sessions', fields: { title: 'A title' } },
    { method: 'PATCH' as const, url: `/api/chat/sessions/${ctx.sessionId}`, fields: { title: 'A title' } },
    { method: 'POST' as const, url: `/api/chat/sessions/${ctx.sessionId}/regenerate`, fields: { time_zone: 'UTC' } },
  ];

  const acceptable = (response: { statusCode: number; headers: Record<string, unknown>; body: string }, field: string, label: string) => {
    if (response.statusCode < 300) return isLegitimate(field, label);
    if (response.statusCode >= 500) return false;
    try {
      return typeof JSON.parse(response.body)?.error?.message === 'string';
    } catch {
      return false;
    }
  };

  it('answers every hostile value of every body field with a 4xx and a message', async () => {
    const failures: string[] = [];
    for (const route of BODY_ROUTES()) {
      for (const field of Object.keys(route.fields)) {
        for (const [label, value] of HOSTILE) {
          const response = await ctx.app.inject({ method: route.method, url: route.url, headers: bearer(ctx.user), payload: { ...route.fields, [field]: value } });
          if (!acceptable(response, field, label)) failures.push(`${route.method} ${route.url} ${field}=${label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers every hostile value of every query parameter and path id with a 4xx and a message', async () => {
    const failures: string[] = [];
    const QUERIES: Array<{ path: string; fields: Record<string, string>; token: string }> = [
      { path: '/api/chat/search', fields: { q: 'redlining', limit: '5' }, token: ctx.user },
      { path: '/api/chat/sessions', fields: { page: '1', page_size: '10' }, token: ctx.user },
      { path: '/api/chat/usage', fields: { time_zone: 'UTC' }, token: ctx.user },
      { path: '/api/chat/admin/usage', fields: { user_ids: crypto.randomUUID() }, token: admin },
    ];
    for (const route of QUERIES) {
      for (const field of Object.keys(route.fields)) {
        for (const [label, value] of HOSTILE) {
          if (label === '1 MB') continue; // a URL that long is refused by the HTTP layer, not the route
          const query = new URLSearchParams({ ...route.fields, [field]: typeof value === 'string' ? value : JSON.stringify(value) });
          const response = await ctx.app.inject({ url: `${route.path}?${query}`, headers: bearer(route.token) });
          if (!acceptable(response, field, label)) failures.push(`GET ${route.path} ${field}=${label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
    }
    for (const [label, value] of HOSTILE) {
      if (label === '1 MB' || label === '60 KB') continue;
      const id = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
      for (const [method, url] of [
        ['GET', `/api/chat/sessions/${id}`],
        ['GET', `/api/chat/sessions/${id}/messages`],
        ['DELETE', `/api/chat/sessions/${id}`],
      ] as const) {
        const response = await ctx.app.inject({ method, url, headers: bearer(ctx.user) });
        const ok = response.statusCode >= 400 && response.statusCode < 500 && typeof response.json()?.error?.message === 'string';
        if (!ok) failures.push(`${method} ${url.slice(0, 60)} (${label}): ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it.each([
    ...unparsableBodies('message'),
    ['a prototype-pollution attempt', '{"__proto__":{"plan":"Gold"},"message":"hi"}', 'application/json'],
    ['a constructor-pollution attempt', '{"constructor":{"prototype":{"x":1}},"message":"hi"}', 'application/json'],
  ])('refuses a message body that is %s without a 5xx', async (_label, payload, type) => {
    for (const url of ['/api/chat', '/api/chat/stream']) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { ...bearer(ctx.user), 'content-type': type }, payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('stored nothing malformed: every row is one bubble, every title is bounded', async () => {
    const rows = await ctx.database.db.selectFrom('messages').select(['user_prompt', 'ai_response', 'status']).execute();
    for (const row of rows) {
      expect((row.user_prompt === null) !== (row.ai_response === null)).toBe(true);
      expect(['complete', 'stopped', 'failed']).toContain(row.status);
      if (row.user_prompt !== null) expect(row.user_prompt.trim().length).toBeGreaterThan(0);
    }
    const titles = await ctx.database.db.selectFrom('chat_sessions').select('title').execute();
    for (const { title } of titles) if (title !== null) expect(title.length).toBeLessThanOrEqual(120);
  });
});
