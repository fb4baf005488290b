import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/error-message.ts';
import {
  addressMatches,
  canDelete,
  deletedMessage,
  deleteErrorField,
  deleteErrorMessage,
  deleteQuestion,
  typedAddress,
} from './delete-user.ts';

const ME = 'me-id';

describe('canDelete', () => {
  it("offers deletion on a reader's row, disabled or not", () => {
    expect(canDelete({ id: 'a', role: 'user' }, ME)).toBe(true);
  });

  it("never on an administrator's row, nor on one's own", () => {
    expect(canDelete({ id: 'a', role: 'admin' }, ME)).toBe(false);
    expect(canDelete({ id: ME, role: 'user' }, ME)).toBe(false);
    expect(canDelete({ id: ME, role: 'admin' }, ME)).toBe(false);
  });
});

describe('addressMatches', () => {
  it('takes the address as typed, whatever its case and surrounding spaces', () => {
    expect(addressMatches('ann@example.org', 'ann@example.org')).toBe(true);
    expect(addressMatches('  Ann@Example.ORG \n', 'ann@example.org')).toBe(true);
  });

  it('refuses anything else: nothing typed, part of it, another address', () => {
    expect(addressMatches('', 'ann@example.org')).toBe(false);
    expect(addressMatches('   ', 'ann@example.org')).toBe(false);
    expect(addressMatches('ann@example.or', 'ann@example.org')).toBe(false);
    expect(addressMatches('ann', 'ann@example.org')).toBe(false);
    expect(addressMatches('an n@example.org', 'ann@example.org')).toBe(false);
    expect(addressMatches('bob@example.org', 'ann@example.org')).toBe(false);
  });

  it('sends the typed address as identity reads it', () => {
    expect(typedAddress('  Ann@Example.ORG ')).toBe('ann@example.org');
  });
});

describe('what the confirmation and the page say', () => {
  it('names the account', () => {
    expect(deleteQuestion('ann@example.org')).toBe('Delete ann@example.org for good?');
    expect(deletedMessage('ann@example.org')).toBe('ann@example.org was deleted.');
  });

  it("shows identity's reason, a connection hint, or asks to try again", () => {
    const admin = new ApiError(409, 'ADMIN_ACCOUNT', 'An administrator’s account cannot be deleted. Remove the administrator role first.');
    expect(deleteErrorMessage(admin, 'ann@example.org')).toBe(admin.message);
    expect(deleteErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), 'ann@example.org')).toBe(NETWORK_ERROR_MESSAGE);
    expect(deleteErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'), 'ann@example.org')).toBe(
      'Could not delete ann@example.org. Please try again.',
    );
  });

  it("makes a refusal that names the address field that field's error, and every other refusal the confirmation's", () => {
    expect(deleteErrorField(new ApiError(400, 'VALIDATION', 'The address you typed is not this account’s address.', { field: 'confirm_email' }))).toBe('confirm_email');
    // The other 400 (one's own account) names no field: the confirmation's error, not the address's.
    expect(deleteErrorField(new ApiError(400, 'VALIDATION', 'You cannot delete your own account here.'))).toBeUndefined();
    // Identity's error as session.request throws it: another bundle's ApiError copy, details kept.
    expect(deleteErrorField({ name: 'ApiError', status: 400, code: 'VALIDATION', message: 'Invalid email', details: { field: 'confirm_email', where: 'body' } })).toBe('confirm_email');
    expect(deleteErrorField(new ApiError(409, 'ADMIN_ACCOUNT', 'Remove the administrator role first.'))).toBeUndefined();
    expect(deleteErrorField(new ApiError(404, 'NOT_FOUND', 'No such account'))).toBeUndefined();
    expect(deleteErrorField(new ApiError(403, 'FORBIDDEN', 'Admins only'))).toBeUndefined();
    expect(deleteErrorField(new Error('boom'))).toBeUndefined();
  });
});
