import { ApiError, apiRequest } from '@keisha/contracts';
import type { AdminCredentials } from '../domain/admin-login.ts';

// The admin session contract arrives with the identity service's admin route; only the envelope is read here.
export interface AdminLoginResponse {
  success?: boolean;
  error?: { code?: string; message?: string };
}

export const ADMIN_LOGIN_PATH = '/api/auth/admin/login';

export async function adminLogin(credentials: AdminCredentials, signal?: AbortSignal): Promise<AdminLoginResponse> {
  const response = await apiRequest<AdminLoginResponse | undefined>(ADMIN_LOGIN_PATH, { body: credentials, signal });
  // A 200 that says success: false is a refused sign-in; its message is the server's.
  if (response?.success === false) {
    throw new ApiError(200, response.error?.code ?? 'ADMIN_LOGIN_REFUSED', response.error?.message ?? '');
  }
  return response ?? {};
}
