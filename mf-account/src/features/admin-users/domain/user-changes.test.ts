import { describe, expect, it } from 'vitest';
import {
  canChange,
  changeBody,
  changeDoneMessage,
  changeFailedMessage,
  changeLabel,
  confirmationFor,
  roleChangeFor,
  statusChangeFor,
  UNLOCK,
} from './user-changes.ts';

describe('row buttons', () => {
  it('offer the opposite role', () => {
    expect(changeLabel(roleChangeFor({ role: 'user' }))).toBe('Make admin');
    expect(changeLabel(roleChangeFor({ role: 'admin' }))).toBe('Make user');
  });

  it('offer the opposite status', () => {
    expect(changeLabel(statusChangeFor({ disabled: false }))).toBe('Disable');
    expect(changeLabel(statusChangeFor({ disabled: true }))).toBe('Enable');
  });

  it('send only the field that changes', () => {
    expect(changeBody(roleChangeFor({ role: 'user' }))).toEqual({ role: 'admin' });
    expect(changeBody(roleChangeFor({ role: 'admin' }))).toEqual({ role: 'user' });
    expect(changeBody(statusChangeFor({ disabled: false }))).toEqual({ disabled: true });
    expect(changeBody(statusChangeFor({ disabled: true }))).toEqual({ disabled: false });
  });
});

describe('confirmationFor', () => {
  it('asks before disabling, promoting or demoting', () => {
    expect(confirmationFor({ kind: 'status', disabled: true }, 'ann@example.org')).toMatchObject({
      title: 'Disable ann@example.org?',
      confirmLabel: 'Yes, disable',
      danger: true,
    });
    expect(confirmationFor({ kind: 'role', role: 'admin' }, 'ann@example.org')).toMatchObject({
      title: 'Make ann@example.org an admin?',
      confirmLabel: 'Yes, make admin',
    });
    expect(confirmationFor({ kind: 'role', role: 'user' }, 'ann@example.org')).toMatchObject({
      title: 'Remove admin rights from ann@example.org?',
      confirmLabel: 'Yes, make user',
      danger: true,
    });
  });

  it('does not ask before enabling', () => {
    expect(confirmationFor({ kind: 'status', disabled: false }, 'ann@example.org')).toBeNull();
  });
});

describe('messages', () => {
  it('say what happened', () => {
    expect(changeDoneMessage({ kind: 'role', role: 'admin' }, 'a@x.org')).toBe('a@x.org is now an admin.');
    expect(changeDoneMessage({ kind: 'role', role: 'user' }, 'a@x.org')).toBe('a@x.org is now a user.');
    expect(changeDoneMessage({ kind: 'status', disabled: true }, 'a@x.org')).toBe('a@x.org has been disabled.');
    expect(changeDoneMessage({ kind: 'status', disabled: false }, 'a@x.org')).toBe('a@x.org has been enabled.');
    expect(changeFailedMessage('a@x.org')).toBe('Could not update a@x.org. Please try again.');
  });
});

describe('canChange', () => {
  it("keeps an admin's own row out of reach", () => {
    expect(canChange({ id: 'me' }, 'me')).toBe(false);
    expect(canChange({ id: 'other' }, 'me')).toBe(true);
  });

  it('offers an unlock without asking first, and says what it did', () => {
    expect(changeLabel(UNLOCK)).toBe('Unlock sign-in');
    expect(confirmationFor(UNLOCK, 'a@x.io')).toBeNull();
    expect(changeDoneMessage(UNLOCK, 'a@x.io')).toBe('a@x.io can sign in again: failed attempts were forgotten.');
  });
});
