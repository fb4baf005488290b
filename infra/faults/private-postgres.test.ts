import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresBin } from './private-postgres.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'keisha-pg-bins-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeVersion(version: string, tools: string[]) {
  const bin = path.join(root, version, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const tool of tools) writeFileSync(path.join(bin, tool), '');
  return bin;
}

describe('findPostgresBin', () => {
  it('finds nothing where PostgreSQL is not installed', () => {
    expect(findPostgresBin(path.join(root, 'absent'))).toBeUndefined();
    expect(findPostgresBin(root)).toBeUndefined();
  });

  it('takes the newest version that has every tool the suite runs', () => {
    const complete = fakeVersion('15', ['initdb', 'postgres', 'pg_ctl', 'psql']);
    fakeVersion('16', ['psql']); // a client-only install
    fakeVersion('9.6', ['initdb', 'postgres', 'pg_ctl', 'psql']);
    expect(findPostgresBin(root)).toBe(complete);
  });
});
