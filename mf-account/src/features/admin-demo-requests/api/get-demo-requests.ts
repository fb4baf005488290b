import { session } from '@keisha/store';
import { demoRequestsPath, type AdminDemoRequestsResponse } from '../domain/demo-requests.ts';

/** GET the billing service's enterprise demo requests, one page (admins only). */
export function getDemoRequests(page: number, signal?: AbortSignal): Promise<AdminDemoRequestsResponse> {
  return session.request<AdminDemoRequestsResponse>(demoRequestsPath(page), signal ? { signal } : {});
}
