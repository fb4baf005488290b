// The chat app's screens are switched by a view state (spec section 2, "Chat app"): chat,
// biasDetection, settings, upgradeCheckout, paymentSuccess, paymentCancelled. The upgrade flow of
// spec section 4 runs settings -> upgradeCheckout (a plan chosen) -> the payment page -> paymentSuccess
// or paymentCancelled.
import type { ChatTier } from '@keisha/contracts/chat';

export type ChatView = 'chat' | 'biasDetection' | 'settings' | 'upgradeCheckout' | 'paymentSuccess' | 'paymentCancelled';
export type PaidTier = Exclude<ChatTier, 'Free'>;
export const PAID_TIERS: readonly PaidTier[] = ['Starter', 'Pro', 'Gold'];

export interface ViewState {
  view: ChatView;
  /** The plan being bought (upgradeCheckout), or retried (paymentCancelled). */
  plan: PaidTier | null;
}

export type ViewAction =
  | { type: 'showChat' }
  | { type: 'openDecoder' }
  | { type: 'openSettings' }
  | { type: 'choosePlan'; plan: PaidTier }
  | { type: 'backToSettings' };

export function isPaidTier(value: unknown): value is PaidTier {
  return typeof value === 'string' && (PAID_TIERS as readonly string[]).includes(value);
}

export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'showChat':
      return { view: 'chat', plan: null };
    case 'openDecoder':
      return { view: 'biasDetection', plan: null };
    case 'openSettings':
    case 'backToSettings':
      return { view: 'settings', plan: null };
    case 'choosePlan':
      return { view: 'upgradeCheckout', plan: action.plan };
  }
}

/** What another page may ask the chat to open with (router state): settings, or the checkout of a plan. */
export interface ViewRequest {
  chatView?: unknown;
  plan?: unknown;
}

/**
 * The view the app opens on: the page the shell asked for ('payment-success', 'payment-cancelled' or
 * 'chat'), and for 'chat' what the previous page asked for (Back to Settings, retry a plan).
 */
export function initialView(page: string, request: unknown, retryPlan: PaidTier | null = null): ViewState {
  if (page === 'payment-success') return { view: 'paymentSuccess', plan: null };
  if (page === 'payment-cancelled') return { view: 'paymentCancelled', plan: retryPlan };
  const asked = typeof request === 'object' && request !== null ? (request as ViewRequest) : {};
  if (asked.chatView === 'settings') return { view: 'settings', plan: null };
  if (asked.chatView === 'upgradeCheckout' && isPaidTier(asked.plan)) return { view: 'upgradeCheckout', plan: asked.plan };
  return { view: 'chat', plan: null };
}
