// The records the chat's API answers with, as the component and domain tests build them: one place for each
// shape, so a test says only what differs (a title, a status, a cancelled plan).
import type { SubscriptionView } from '@keisha/contracts/billing';
import { usage } from './fake-platform.ts';

/** When every record of these tests was created and last changed. */
export const RECORDED_AT = '2030-01-01T10:00:00.000Z';
const at = RECORDED_AT;

export const chatSession = (id: string, title: string | null) => ({ id, title, created_at: at, updated_at: at });

export const aiMessage = (id: string, text: string, status = 'complete') => ({
  id,
  session_id: 's1',
  sender: 'ai',
  text,
  status,
  engine: 'embedded',
  sources: [],
  notes: [],
  created_at: at,
});

export const userMessage = (id: string, text: string) => ({
  id,
  session_id: 's1',
  sender: 'user',
  text,
  status: 'complete',
  engine: null,
  sources: [],
  notes: [],
  created_at: at,
});

/** The stream's `meta` event for the first message of a new session titled `title`. */
export const messageMeta = (title: string, over: object = {}) => ({
  session_id: 's1',
  user_message_id: 'u1',
  ai_message_id: 'a1',
  session_created: true,
  session: chatSession('s1', title),
  usage: usage({ messages_today: 1, remaining: 9 }),
  ...over,
});

export const CHAT_PRO_PURCHASE_ID = '11111111-1111-4111-8111-111111111111';

/** Reader u1's active, renewing chat Pro purchase (bitcoin, sandbox), until 3 March 2031. */
export const chatProPurchase = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: CHAT_PRO_PURCHASE_ID,
  user_id: 'u1',
  product: 'chat',
  tier: 'Pro',
  status: 'active',
  provider: 'sandbox',
  payment_method: 'bitcoin',
  amount: 59,
  currency: 'USD',
  current_period_end: '2031-03-03T12:00:00.000Z',
  lifetime: false,
  grants_access: true,
  failure_reason: null,
  activated_at: '2030-03-03T12:00:00.000Z',
  cancelled_at: null,
  created_at: '2030-03-03T12:00:00.000Z',
  updated_at: '2030-03-03T12:00:00.000Z',
  ...over,
});
