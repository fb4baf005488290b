/** Routes of the site that the marketing pages link to. The shell owns the route table; these must match it. */
export const paths = {
  home: '/',
  pricing: '/pricing',
  about: '/about',
  faq: '/faq',
  knn: '/knn',
  thankYou: '/thank-you',
  decoder: '/bias-detection',
  /** The reader's account page (the account remote): plan, usage, e-mail, password, API keys' owner. */
  account: '/account',
  /** The public API's documentation (this remote). */
  developers: '/developers',
  /** The admin area (the account remote), where an administrator lands after Admin Login. */
  admin: '/admin',
} as const;

/** The id of the landing page's waitlist section, the target of every "join the waitlist" link. */
export const WAITLIST_SECTION_ID = 'waitlist';

/** The id of the pricing page's chat plans (Starter, Pro, Gold). */
export const CHAT_PLANS_SECTION_ID = 'chat-plans';

/** The chat's plans on the pricing page, from any page: `/pricing#chat-plans`. */
export const chatPlansLink = { pathname: '/pricing', hash: `#${CHAT_PLANS_SECTION_ID}` } as const;

/** The landing page's waitlist section, from any page: `/#waitlist`. */
export const waitlistLink = { pathname: paths.home, hash: `#${WAITLIST_SECTION_ID}` } as const;
