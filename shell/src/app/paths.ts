import type { RemoteName } from '../federation/registry.ts';

/** The route table of spec section 2: each path, the remote that renders it, and the page it asks for. */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  page: string;
  /** The document title while this route is shown. */
  title: string;
}

export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/pricing', remote: 'marketing', page: 'pricing', title: 'Pricing' },
  { path: '/thank-you', remote: 'marketing', page: 'thank-you', title: 'Thank you' },
  { path: '/faq', remote: 'marketing', page: 'faq', title: 'FAQ' },
  { path: '/knn', remote: 'marketing', page: 'knn', title: 'Keisha News Network' },
  { path: '/about', remote: 'marketing', page: 'about', title: 'Why and Who' },
  { path: '/developers', remote: 'marketing', page: 'developers', title: 'Keisha API' },
  { path: '/bias-detection', remote: 'decoder', page: 'decoder', title: 'News Decoder' },
  { path: '/microfrag', remote: 'decoder', page: 'decoder', title: 'News Decoder' },
  { path: '/payment/success', remote: 'decoder', page: 'payment-success', title: 'Your payment' },
  { path: '/payment/cancel', remote: 'decoder', page: 'payment-cancel', title: 'Payment cancelled' },
  { path: '/payment-success', remote: 'chat', page: 'payment-success', title: 'Payment successful' },
  { path: '/payment-cancelled', remote: 'chat', page: 'payment-cancelled', title: 'Payment cancelled' },
  // The admin area is reached after admin sign-in (spec section 2 does not show it); the account page is ours.
  { path: '/admin/*', remote: 'account', page: 'admin', title: 'Admin' },
  { path: '/account', remote: 'account', page: 'account', title: 'Your account' },
  // The pages the links in identity's messages open (not in the spec).
  { path: '/verify-email', remote: 'account', page: 'verify-email', title: 'Confirm your e-mail address' },
  { path: '/reset-password', remote: 'account', page: 'reset-password', title: 'Reset your password' },
  { path: '/confirm-email-change', remote: 'account', page: 'confirm-email-change', title: 'Confirm your new e-mail address' },
  { path: '/unlock', remote: 'account', page: 'unlock', title: 'Sign in with your link' },
];

/** `/`: the chat app with a session, the landing page without (spec section 2). */
export const HOME = {
  signedIn: { remote: 'chat', page: 'chat', title: 'Chat' },
  signedOut: { remote: 'marketing', page: 'landing', title: 'AI ethics and bias detection' },
} as const;

export function documentTitle(title: string): string {
  return `Keisha | ${title}`;
}
