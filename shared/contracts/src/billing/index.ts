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

export const PLANS_PATH = '/api/billing/plans';

export interface Money {
  /** Amount in cents, to avoid floating-point money. */
  cents: number;
  currency: 'USD';
  /** '$9.99' */
  display: string;
}

export interface DecoderPlan {
  tier: 'free' | 'monthly' | 'annual';
  name: string;
  usage_limit: number | null;
  billing_cycle: 'daily' | 'monthly' | 'yearly';
  bitcoin_price: Money;
  cashapp_price: Money;
  features: string[];
}

export interface ChatPlan {
  tier: 'Free' | 'Starter' | 'Pro' | 'Gold';
  name: string;
  price: Money;
  /** Manual Cash App amount (spec section 9). */
  cashapp_price: Money | null;
  billing_cycle: 'monthly' | 'yearly' | 'lifetime' | null;
  messages_per_day: number | null;
}

export interface MarketingPlan {
  tier: 'free' | 'monthly' | 'annual';
  name: string;
  price: Money;
  billing_cycle: 'monthly' | 'yearly' | null;
  usage_limit: number | null;
}

export interface Savings {
  amount: Money;
  /** Rounded percentage (spec section 9). */
  percent: number;
}

export interface PlansResponse {
  success: true;
  marketing: { plans: MarketingPlan[]; annual_saving: Money };
  decoder: { plans: DecoderPlan[]; annual_savings: { bitcoin: Savings; cashapp: Savings } };
  chat: { plans: ChatPlan[] };
}

export const ENTITLEMENT_PATHS = {
  me: '/api/billing/entitlements/me',
  admin: '/api/billing/admin/entitlements',
} as const;

export interface Entitlement {
  decoder_tier: 'free' | 'monthly' | 'annual';
  chat_tier: 'Free' | 'Starter' | 'Pro' | 'Gold';
  /** When the paid access ends (null: free, or lifetime). */
  expires_at: string | null;
  lifetime: boolean;
}
export interface EntitlementResponse {
  success: true;
  entitlement: Entitlement;
}
export interface AdminEntitlementsResponse {
  success: true;
  entitlements: Record<string, Entitlement>;
}
