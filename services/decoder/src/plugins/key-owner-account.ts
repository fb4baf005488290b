// Whether the owner of an API key is still an enabled account, and an administrator, from identity's
// internal route (a key carries no access token to forward). Cached at most 1 s per account, so a
// disabled account or a demoted administrator loses key access within about a second. When identity
// cannot answer, the answer is undefined and the key is refused for now (503).
import { internalAccountPath, type InternalAccountResponse } from '@keisha/contracts/identity';
import { INTERNAL_TOKEN_HEADER, tracedFetch } from '@keisha/service-kit';
import { briefLookup } from './brief-lookup.ts';

export type OwnerAccount = InternalAccountResponse['account'] | 'unknown';
export type OwnerAccountLookup = (userId: string) => Promise<OwnerAccount | undefined>;

export function identityOwnerAccounts(
  identityUrl: string,
  internalToken: string,
  log: { warn: (obj: object, msg: string) => void },
  { ttlMs = 1000, timeoutMs = 2000, maxEntries = 10_000 } = {},
): OwnerAccountLookup {
  const ask = async (userId: string): Promise<OwnerAccount | undefined> => {
    try {
      const response = await tracedFetch(new URL(internalAccountPath(userId), identityUrl), {
        headers: { [INTERNAL_TOKEN_HEADER]: internalToken },
        signal: AbortSignal.timeout(timeoutMs),
      }, { route: '/internal/identity/accounts/:userId' });
      let account: OwnerAccount;
      if (response.status === 404) account = 'unknown';
      else if (!response.ok) throw new Error(`identity answered ${response.status}`);
      else {
        const body = (await response.json()) as Partial<InternalAccountResponse> | null;
        const found = body?.account;
        if (!found || (found.role !== 'user' && found.role !== 'admin') || typeof found.disabled !== 'boolean') throw new Error('identity sent an account the decoder does not know');
        account = { role: found.role, disabled: found.disabled };
      }
      return account;
    } catch (error) {
      log.warn({ err: error, userId }, 'identity could not say whether an API key’s owner is enabled; refusing the key for now');
      return undefined;
    }
  };
  return briefLookup(ask, { ttlMs, maxEntries });
}
