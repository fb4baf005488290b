import { describe, expect, it } from 'vitest';
import { parseRegistry } from './registry.ts';

describe('parseRegistry', () => {
  it('keeps every valid entry', () => {
    const registry = parseRegistry({
      marketing: 'http://localhost:3001/mf-manifest.json',
      decoder: 'https://cdn.example.org/decoder/mf-manifest.json',
      chat: '/remotes/chat/mf-manifest.json',
      account: 'http://localhost:3004/mf-manifest.json',
    });
    expect(Object.keys(registry.entries)).toEqual(['marketing', 'decoder', 'chat', 'account']);
    expect(registry.problems).toEqual([]);
  });

  it('drops only the bad entries and says why', () => {
    const registry = parseRegistry({
      marketing: 'javascript:alert(1)',
      decoder: 42,
      chat: 'http://localhost:3003/mf-manifest.json',
    });
    expect(registry.entries).toEqual({ chat: 'http://localhost:3003/mf-manifest.json' });
    expect(registry.problems).toHaveLength(3);
    expect(registry.problems.join('\n')).toMatch(/"marketing".*invalid/);
    expect(registry.problems.join('\n')).toMatch(/no entry for "account"/);
  });

  it.each([null, [], 'remotes', 7])('treats %j as an unreadable registry', (json) => {
    const registry = parseRegistry(json);
    expect(registry.entries).toEqual({});
    expect(registry.problems).toHaveLength(1);
  });
});
