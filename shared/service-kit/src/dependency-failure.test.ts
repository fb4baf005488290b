import { describe, expect, it } from 'vitest';
import { dependencyFailureOf } from './dependency-failure.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('dependencyFailureOf', () => {
  it.each([
    ['PostgreSQL shutting down (57P01)', withCode('57P01'), 'database'],
    ['PostgreSQL starting up (57P03)', withCode('57P03'), 'database'],
    ['a connection exception (08006)', withCode('08006'), 'database'],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly'), 'database'],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect'), 'database'],
    ['a full disk in PostgreSQL (53100)', withCode('53100', 'could not extend file: No space left on device'), 'disk'],
    ['a full disk in node (ENOSPC)', withCode('ENOSPC'), 'disk'],
    ['a read-only file system', withCode('EROFS'), 'disk'],
    ['a refused connection to PostgreSQL', withCode('ECONNREFUSED'), 'database'],
    ['a fetch that failed', new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }), 'upstream'],
    ['a fetch that timed out', Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }), 'upstream'],
    ['a wrapped cause', new Error('query failed', { cause: withCode('57P01') }), 'database'],
    ['an AggregateError of refusals (pg trying IPv4 and IPv6)', new AggregateError([withCode('ECONNREFUSED')], 'all failed'), 'database'],
    ['a fetch whose socket was refused', new TypeError('fetch failed', { cause: new AggregateError([withCode('ECONNREFUSED')]) }), 'upstream'],
  ])('names %s', (_label, error, expected) => {
    expect(dependencyFailureOf(error)).toBe(expected);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error of ours', withCode('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a string', 'boom'],
    ['nothing', undefined],
  ])('leaves %s alone (a real 500)', (_label, error) => {
    expect(dependencyFailureOf(error)).toBeUndefined();
  });

  it('does not loop on a cause that points back at itself', () => {
    const error = new Error('self') as Error & { cause?: unknown };
    error.cause = error;
    expect(dependencyFailureOf(error)).toBeUndefined();
  });
});
