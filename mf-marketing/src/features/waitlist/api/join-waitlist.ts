import { apiRequest } from '@keisha/contracts';
import { validateWaitlistEmail, WAITLIST_PATH, type WaitlistJoinResponse } from '@keisha/contracts/identity';

/** The address as the server will store it, or the spec's message for one it would refuse. */
export function parseWaitlistEmail(email: string): { ok: true; email: string } | { ok: false; message: string } {
  return validateWaitlistEmail(email);
}

/** POST /api/waitlist. Throws ApiError: 409 DUPLICATE when the address is already on the list. */
export function joinWaitlist(email: string, signal?: AbortSignal): Promise<WaitlistJoinResponse> {
  return apiRequest<WaitlistJoinResponse>(WAITLIST_PATH, { body: { email }, signal });
}
