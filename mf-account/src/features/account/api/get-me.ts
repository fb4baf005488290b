import { AUTH_PATHS, type AccountUser } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

export interface MeResponse {
  success: true;
  user: AccountUser;
}

/** GET AUTH_PATHS.me: the signed-in account as the server has it (email, role, created_at). */
export async function getMe(signal?: AbortSignal): Promise<AccountUser> {
  const response = await session.request<MeResponse>(AUTH_PATHS.me, signal ? { signal } : {});
  return response.user;
}
