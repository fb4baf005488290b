import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp, type ServiceApp } from '../app.ts';
import { baseConfigSchema, loadConfig } from '../config.ts';
import { openDatabase } from '../db.ts';
import { hostileCases } from './fuzz-bodies.ts';
import { errorShapeProblem, leaksIn, responseProblems } from './fuzz-checks.ts';
import { fuzzFailures, fuzzRoutes, fuzzSummary, mutatingRoutes } from './fuzz.ts';

const answer = (statusCode: number, body: string, contentType = 'application/json') => ({ statusCode, headers: { 'content-type': contentType }, body });
const shaped = JSON.stringify({ success: false, error: { code: 'VALIDATION', message: 'Bad.' } });

describe('the checks on each answer', () => {
  it('pass a 2xx and a 4xx in our error shape', () => {
    expect(responseProblems(answer(200, '{"success":true}'))).toEqual([]);
    expect(responseProblems(answer(400, shaped))).toEqual([]);
    expect(responseProblems(answer(303, ''))).toEqual([]);
  });

  it('flag any 5xx, even one in our shape', () => {
    expect(responseProblems(answer(500, shaped))).toEqual([{ kind: 'server error', detail: 'status 500' }]);
    expect(responseProblems(answer(503, shaped)).map((p) => p.kind)).toEqual(['server error']);
  });

  it('flag a 4xx that is not our error shape', () => {
    expect(errorShapeProblem('Bad Request')).toBe('the error body is not JSON');
    expect(errorShapeProblem('null')).toBe('the error body is not an object');
    expect(errorShapeProblem('{"error":"bad"}')).toBe('the error body lacks success: false');
    expect(errorShapeProblem('{"success":false,"error":"bad"}')).toBe('the error body lacks an error object');
    expect(errorShapeProblem('{"success":false,"error":{"message":"bad"}}')).toBe('the error has no string code');
    expect(errorShapeProblem('{"success":false,"error":{"code":"X","message":5}}')).toBe('the error has no string message');
    expect(responseProblems(answer(404, '<h1>Not found</h1>', 'text/html')).map((p) => p.kind)).toEqual(['error shape']);
  });

  it('let an HTML page route answer a 4xx with a page, but only with a page', () => {
    expect(responseProblems(answer(404, '<h1>Not found</h1>', 'text/html; charset=utf-8'), { html: true })).toEqual([]);
    expect(responseProblems(answer(400, 'oops', 'text/plain'), { html: true }).map((p) => p.kind)).toEqual(['error shape']);
  });

  it('find stacks, source paths and SQL in any body', () => {
    const stack = 'TypeError: x is undefined\n    at handler (/srv/app/src/routes/a.ts:12:5)\n    at async run (node:internal/x:1:1)';
    expect(leaksIn(stack).length).toBeGreaterThan(0);
    expect(leaksIn('{"message":"failed in /x/node_modules/pg/lib/client.js"}').join()).toMatch(/source path/);
    for (const sql of [
      'syntax error at or near "FROM"',
      'duplicate key value violates unique constraint "users_email_key"',
      'relation "users" does not exist',
      'invalid input syntax for type uuid: "x"',
      'SELECT id FROM users WHERE email = $1',
      'INSERT INTO analytics_events (event) VALUES ($1)',
    ]) {
      expect(leaksIn(JSON.stringify({ success: false, error: { code: 'X', message: sql } })), sql).not.toEqual([]);
    }
    expect(responseProblems(answer(200, JSON.stringify({ note: 'relation "users" does not exist' }))).map((p) => p.kind)).toEqual(['leak']);
  });

  it('take what the request itself carried for an echo, not a leak', () => {
    expect(leaksIn('{"text":"SELECT name FROM a list"}', '{"text":"SELECT name FROM a list"}')).toEqual([]);
    expect(leaksIn('{"ok":true,"words":3}')).toEqual([]);
  });
});

describe('the hostile bodies', () => {
  const context = { seed: { text: 'An article.', time_zone: 'UTC' }, bodyLimit: 64 * 1024 };
  const cases = hostileCases(context, 2000, 7);
  const texts = cases.map((c) => (Buffer.isBuffer(c.body.payload) ? c.body.payload.toString('latin1') : (c.body.payload ?? '')));
  const some = (predicate: (text: string, index: number) => boolean) => texts.some(predicate);

  it('are the same for the same seed, so a failure replays', () => {
    expect(JSON.stringify(hostileCases(context, 50, 7))).toBe(JSON.stringify(cases.slice(0, 50)));
    expect(JSON.stringify(hostileCases(context, 50, 8))).not.toBe(JSON.stringify(cases.slice(0, 50)));
  });

  it('hold every kind the issue names', () => {
    expect(some((t) => /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i.test(t)), 'lone surrogate escapes').toBe(true);
    expect(some((t) => /"[^"]*\\ud[89a-f][0-9a-f]{2}[^"]*":/i.test(t)), 'lone surrogates in keys').toBe(true);
    expect(some((t) => t.startsWith('['.repeat(5000))), 'arrays 5,000 deep').toBe(true);
    expect(some((t) => t.includes('{"a":'.repeat(5000))), 'objects 5,000 deep').toBe(true);
    expect(some((t) => t.length > context.bodyLimit), 'bodies past the limit').toBe(true);
    expect(some((t) => t.includes('"__proto__":')), '__proto__ keys').toBe(true);
    expect(some((t) => t.includes('"constructor":{"prototype"')), 'constructor.prototype keys').toBe(true);
    expect(some((t) => /[\u0000-\u0008\u000b\u000e-\u001f]/.test(t) || /\\u00[01][0-9a-f]/i.test(t)), 'control characters').toBe(true);
    expect(some((t) => /^\{"text":(null|true|false|\d|\[|\{)/.test(t)), 'wrong types').toBe(true);
    expect(some((t) => t.startsWith('\ufeff') || t.startsWith('\u00ef\u00bb\u00bf')), 'a byte-order mark').toBe(true);
    const types = new Set(cases.map((c) => c.body.contentType));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=keisha-fuzz', undefined]) expect(types).toContain(type);
    expect(cases.some((c) => c.body.contentType === 'application/json' && c.body.payload === undefined), 'no body with a JSON type').toBe(true);
    expect(cases.some((c) => c.body.kind === 'truncated JSON'), 'invalid JSON').toBe(true);
    expect(cases.some((c) => c.param !== undefined), 'hostile path parameters').toBe(true);
  });
});

/** A service of two routes on a real (PGlite) database: one that holds, one that breaks on odd input. */
async function probe(): Promise<ServiceApp> {
  const app = await createServiceApp({
    name: 'probe',
    config: loadConfig(baseConfigSchema, { PORT: '0' }),
    database: await openDatabase({}),
    logger: false,
    routes: async (instance) => {
      instance.post('/notes', { schema: { body: z.object({ title: z.string().max(80) }) } }, async (request) => ({ saved: request.body.title.length }));
      instance.get('/notes', async () => ({ notes: [] }));
      instance.put('/notes/:id', { schema: { params: z.object({ id: z.uuid() }), body: z.object({ title: z.string() }) } }, async (request, reply) => {
        // Breaks two ways on odd titles: a 500 for any non-ASCII one, a stack in a bare 400 for any other change.
        if (/[^\x00-\x7f]/.test(request.body.title)) throw new Error('cannot store that');
        if (request.body.title !== 'hello') return reply.status(400).send({ message: new Error('odd title').stack });
        return { ok: true };
      });
    },
  });
  await app.ready();
  return app;
}

describe('the fuzzer on a real service', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await probe();
  });
  afterAll(async () => {
    await app.close();
  });

  it('finds the mutating routes in the OpenAPI document, with their parameters and fields', async () => {
    const routes = await mutatingRoutes(app);
    expect(routes.map((r) => r.key)).toEqual(['POST /notes', 'PUT /notes/:id']);
    expect(routes[1]).toMatchObject({ params: ['id'], bodyFields: ['title'] });
  });

  it('passes a route that holds, and reports the 5xx, the shape and the stack of one that does not, with what replays them', async () => {
    const report = await fuzzRoutes(app, {
      service: 'probe',
      label: '',
      runs: 150,
      seed: 42,
      bodies: { 'POST /notes': { title: 'hello' }, 'PUT /notes/:id': { title: 'hello' } },
      params: () => ({ id: crypto.randomUUID() }),
      callers: () => ({ guest: {}, user: { authorization: 'Bearer x' } }),
    });
    expect(report.routes.map((r) => [r.route, r.bodies, r.requests])).toEqual([
      ['POST /notes', 150, 300],
      ['PUT /notes/:id', 150, 300],
    ]);
    expect(report.routes[0]!.problems).toEqual({ 'server error': 0, 'error shape': 0, leak: 0 });
    expect(report.serverErrors).toBeGreaterThan(0);
    expect(report.shapeViolations).toBeGreaterThan(0);
    expect(report.leaks).toBeGreaterThan(0);
    const failures = fuzzFailures(report);
    expect(failures.every((line) => line.startsWith('PUT /notes/:id'))).toBe(true);
    expect(failures[0]).toContain("replay: FUZZ_SEED=42 FUZZ_RUNS=150 FUZZ_ROUTE='PUT /notes/:id'");
    expect(fuzzSummary(report)).toMatch(/^probe: 2 routes, 300 bodies \(150 per route\), 600 requests, \d+ 5xx, \d+ shape violations, \d+ leaks, [\d.]+ s \(seed 42\)$/);
  });
});
