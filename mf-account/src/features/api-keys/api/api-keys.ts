import { API_KEY_PATHS, type ApiKeysResponse, type ApiKeyView, type CreatedApiKeyResponse } from '@keisha/contracts/decoder';
import { session } from '@keisha/store';

/** The decoder owns API keys (it owns analysis); the account page is where a reader manages them. */
export async function listApiKeys(signal?: AbortSignal): Promise<ApiKeysResponse> {
  return session.request<ApiKeysResponse>(API_KEY_PATHS.list, signal ? { signal } : {});
}

export async function createApiKey(name: string): Promise<CreatedApiKeyResponse> {
  return session.request<CreatedApiKeyResponse>(API_KEY_PATHS.list, { method: 'POST', body: { name } });
}

export async function revokeApiKey(id: string): Promise<ApiKeyView> {
  return (await session.request<{ success: true; key: ApiKeyView }>(API_KEY_PATHS.revoke(id), { method: 'DELETE' })).key;
}
