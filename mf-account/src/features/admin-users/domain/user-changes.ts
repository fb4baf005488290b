import type { Role } from '@keisha/contracts/identity';
import type { Confirmation } from '../../../components/confirm-dialog.tsx';

/** One change an admin can make to an account from its row. */
export type UserChange = { kind: 'role'; role: Role } | { kind: 'status'; disabled: boolean } | { kind: 'unlock' };

interface ChangeableUser {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
}

/** The role button of a row: an admin can be made a user, a user an admin. */
export function roleChangeFor(user: Pick<ChangeableUser, 'role'>): UserChange {
  return { kind: 'role', role: user.role === 'admin' ? 'user' : 'admin' };
}

/** The status button of a row: a disabled account can be enabled, an active one disabled. */
export function statusChangeFor(user: Pick<ChangeableUser, 'disabled'>): UserChange {
  return { kind: 'status', disabled: !user.disabled };
}

/** Every row offers an unlock: failed sign-ins may be holding the owner out from some address. */
export const UNLOCK: UserChange = { kind: 'unlock' };

/** The row button's label. */
export function changeLabel(change: UserChange): string {
  if (change.kind === 'unlock') return 'Unlock sign-in';
  if (change.kind === 'role') return change.role === 'admin' ? 'Make admin' : 'Make user';
  return change.disabled ? 'Disable' : 'Enable';
}

/** The request body of a change: PATCH ADMIN_PATHS.user(id) for a role or status, an empty POST for an unlock. */
export function changeBody(change: UserChange): { role: Role } | { disabled: boolean } | Record<string, never> {
  if (change.kind === 'unlock') return {};
  return change.kind === 'role' ? { role: change.role } : { disabled: change.disabled };
}

/**
 * The question asked before a change that takes something away or hands out power; enabling an
 * account needs none.
 */
export function confirmationFor(change: UserChange, email: string): Confirmation | null {
  if (change.kind === 'role' && change.role === 'admin') {
    return {
      title: `Make ${email} an admin?`,
      body: 'Admins can see every account, the waitlist and demo requests, change roles and disable accounts.',
      confirmLabel: 'Yes, make admin',
    };
  }
  if (change.kind === 'role') {
    return {
      title: `Remove admin rights from ${email}?`,
      body: 'They keep their account and plan but can no longer open the admin console.',
      confirmLabel: 'Yes, make user',
      danger: true,
    };
  }
  if (change.kind === 'unlock') return null;
  if (change.disabled) {
    return {
      title: `Disable ${email}?`,
      body: 'They are signed out everywhere and cannot sign in until an admin enables the account again.',
      confirmLabel: 'Yes, disable',
      danger: true,
    };
  }
  return null;
}

/** Said once the server has made the change. */
export function changeDoneMessage(change: UserChange, email: string): string {
  if (change.kind === 'unlock') return `${email} can sign in again: failed attempts were forgotten.`;
  if (change.kind === 'role') return `${email} is now ${change.role === 'admin' ? 'an admin' : 'a user'}.`;
  return `${email} has been ${change.disabled ? 'disabled' : 'enabled'}.`;
}

/** Shown when the server refused without a message of its own. */
export function changeFailedMessage(email: string): string {
  return `Could not update ${email}. Please try again.`;
}

/** An admin cannot demote or disable themself (the server refuses too); their own row offers no buttons. */
export function canChange(user: Pick<ChangeableUser, 'id'>, currentUserId: string | undefined): boolean {
  return user.id !== currentUserId;
}
