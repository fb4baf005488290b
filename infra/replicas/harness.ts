// What the checks share: a reader whose address is confirmed (faults/harness.ts), and each replica of a service asked directly.
import type { Platform } from '../local/platform.ts';
import type { ServiceName } from '../local/topology.ts';
import { confirmedReader, useAddressConfirmation } from '../faults/harness.ts';
import { query } from './database.ts';

// Addresses are confirmed in the run's database, as the mailed link would.
useAddressConfirmation((id) => query(`update identity.users set email_verified_at = now() where id = '${id}'`));
export { confirmedReader };

/** Every replica of a service, asked directly (not through the edge). */
export const replicaUrls = (platform: Platform, name: ServiceName) => platform.replicasOf(name).map(({ port }) => `http://127.0.0.1:${port}`);

export async function direct(url: string, pathname: string, token: string): Promise<number> {
  try {
    return (await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}
