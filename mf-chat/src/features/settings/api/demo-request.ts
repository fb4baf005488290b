import { apiRequest } from '@keisha/contracts';
import { BILLING_PATHS, type DemoRequestResponse } from '@keisha/contracts/billing';

/** POST /api/enterprise-demo-request (spec section 7): body email; anyone may ask. */
export function requestDemo(email: string): Promise<DemoRequestResponse> {
  return apiRequest<DemoRequestResponse>(BILLING_PATHS.demoRequest, { method: 'POST', body: { email } });
}
