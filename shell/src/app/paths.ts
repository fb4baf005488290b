import type { RemoteName } from '../federation/registry.ts';

/** The route table of spec section 2: each path, the remote that renders it, and the page it asks for. */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  page: string;
}

export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/pricing', remote: 'marketing', page: 'pricing' },
  { path: '/thank-you', remote: 'marketing', page: 'thank-you' },
  { path: '/faq', remote: 'marketing', page: 'faq' },
  { path: '/knn', remote: 'marketing', page: 'knn' },
  { path: '/about', remote: 'marketing', page: 'about' },
  { path: '/bias-detection', remote: 'decoder', page: 'decoder' },
  { path: '/microfrag', remote: 'decoder', page: 'decoder' },
  { path: '/payment/success', remote: 'decoder', page: 'payment-success' },
  { path: '/payment/cancel', remote: 'decoder', page: 'payment-cancel' },
  { path: '/payment-success', remote: 'chat', page: 'payment-success' },
  { path: '/payment-cancelled', remote: 'chat', page: 'payment-cancelled' },
  // The admin area is reached after admin sign-in (spec section 2 does not show it); the account page is ours.
  { path: '/admin/*', remote: 'account', page: 'admin' },
  { path: '/account', remote: 'account', page: 'account' },
];

/** `/`: the chat app with a session, the landing page without (spec section 2). */
export const HOME = {
  signedIn: { remote: 'chat', page: 'chat' },
  signedOut: { remote: 'marketing', page: 'landing' },
} as const;
