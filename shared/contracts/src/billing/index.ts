// Contracts of the billing service (zod-free; browsers import this module).

export const BILLING_PATHS = {
  demoRequest: '/api/enterprise-demo-request',
  adminDemoRequests: '/api/billing/admin/demo-requests',
} as const;

/** Spec section 5: the email is required. */
export const DEMO_EMAIL_REQUIRED = 'Email is required';
export const DEMO_EMAIL_INVALID = 'Please enter a valid email address';

export interface DemoRequestResponse {
  success: true;
}
export interface DemoRequestRow {
  id: string;
  email: string;
  created_at: string;
}
export interface AdminDemoRequestsResponse {
  success: true;
  requests: DemoRequestRow[];
  total: number;
  page: number;
  page_size: number;
}
