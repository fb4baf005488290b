// Hostile account ids against an internal read route (each service's part of a reader's data export,
// `GET /internal/<service>/accounts/:user_id/export`), from each caller a test names. The route fuzzer sends bodies
// to mutating routes only; a read route's one input is its path id, so it is fuzzed here instead, with the same
// hostile values and the same checks on every answer: below 500, refusals in our error shape, nothing leaked, and a
// 2xx only for the internal caller, in the route's own shape.
import { randomUUID } from 'node:crypto';
import type { ServiceApp } from '../app.ts';
import { responseProblems } from './fuzz-checks.ts';
import { hostileValues } from './hostile-values.ts';

export interface InternalReadFuzzPlan {
  /** The route's pattern, for the report ('/internal/decoder/accounts/:user_id/export'). */
  route: string;
  /** The URL for one id. */
  path: (id: string) => string;
  /** A real account's id: sent upper-cased, with a tail, and inside the hostile values. */
  accountId: string;
  /** The service's own table an SQL injection would name. */
  table: string;
  /** Headers by caller name ({ guest: {}, user: bearer(...), service: { <internal token> } }). */
  callers: Record<string, Record<string, string>>;
  /** The caller that alone may read (the one with the internal token). */
  internalCaller: string;
  /** The 200 answer's schema. */
  shape: { safeParse(value: unknown): { success: boolean } };
}

/** Every wrong answer, as readable lines; empty when the route held. */
export async function fuzzInternalRead(app: ServiceApp, plan: InternalReadFuzzPlan): Promise<string[]> {
  const { accountId } = plan;
  const ids: Array<[string, string]> = [
    ...hostileValues({ sample: accountId, table: plan.table, nulByte: `${accountId}\u0000` })
      .filter(([label]) => label !== '1 MB') // a URL that long is refused by the HTTP layer, before any route
      .map(([label, value]): [string, string] => [label, typeof value === 'string' ? value : JSON.stringify(value)]),
    ['an upper-case id', accountId.toUpperCase()],
    ['an id with a tail', `${accountId}/../${accountId}`],
    ['an unknown id', randomUUID()],
    ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
  ];
  const failures: string[] = [];
  for (const [label, id] of ids) {
    for (const [caller, headers] of Object.entries(plan.callers)) {
      const url = plan.path(id);
      const response = await app.inject({ method: 'GET', url, headers });
      const problems = responseProblems(response, { requestText: url }).map((problem) => `${problem.kind}: ${problem.detail}`);
      if (response.statusCode < 300) {
        if (caller !== plan.internalCaller) problems.push('data without the internal token');
        else if (!plan.shape.safeParse(safeJson(response.body)).success) problems.push('not the route’s shape');
      }
      for (const problem of problems) failures.push(`GET ${plan.route} (${label}) as ${caller}: ${problem}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
  }
  return failures;
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
