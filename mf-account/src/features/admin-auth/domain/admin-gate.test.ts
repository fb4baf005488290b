import { describe, expect, it } from 'vitest';
import { adminGate } from './admin-gate.ts';

describe('adminGate', () => {
  it('waits for the session restore before offering the sign-in form', () => {
    expect(adminGate({ user: null, sessionRestored: false })).toBe('restoring');
    expect(adminGate({ user: null, sessionRestored: true })).toBe('sign-in');
  });

  it('opens the console for an administrator', () => {
    expect(adminGate({ user: { role: 'admin' }, sessionRestored: true })).toBe('console');
    expect(adminGate({ user: { role: 'admin' }, sessionRestored: false })).toBe('console');
  });

  it('refuses anyone else who is signed in', () => {
    expect(adminGate({ user: { role: 'user' }, sessionRestored: true })).toBe('access-denied');
    expect(adminGate({ user: {}, sessionRestored: true })).toBe('access-denied');
  });
});
