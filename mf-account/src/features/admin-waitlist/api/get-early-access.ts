import { PAYMENT_PATHS, type AdminEarlyAccessResponse, type EarlyAccessReader } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/** GET billing's Chat Gold readers, earliest first: Gold's early access, to invite before the waitlist (admins only). */
export async function getEarlyAccess(signal?: AbortSignal): Promise<EarlyAccessReader[]> {
  const response = await session.request<AdminEarlyAccessResponse>(PAYMENT_PATHS.adminEarlyAccess, signal ? { signal } : {});
  return Array.isArray(response?.readers) ? response.readers : [];
}
