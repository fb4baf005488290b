import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyInternalToken } from './service-wiring.ts';

describe('lazyInternalToken', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the configured secret without touching the disk', () => {
    expect(lazyInternalToken({ INTERNAL_API_TOKEN: 'x'.repeat(40), DATA_DIR: '/nonexistent/keisha/chat' }, '/nonexistent', 'chat')()).toBe('x'.repeat(40));
  });

  it('reads nothing until asked, then keeps the shared file’s secret, one for every service beside it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'keisha-wiring-'));
    dirs.push(root);
    const chat = lazyInternalToken({ DATA_DIR: path.join(root, 'chat') }, '/nonexistent', 'chat');
    const decoder = lazyInternalToken({ DATA_DIR: path.join(root, 'decoder') }, '/nonexistent', 'decoder');
    const first = chat();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(decoder()).toBe(first);
    rmSync(path.join(root, 'internal-api-token'));
    expect(chat()).toBe(first); // kept: the file is read once
  });
});
