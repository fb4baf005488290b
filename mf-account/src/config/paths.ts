/** Routes of the site this remote links to. The shell owns the route table; these must match it. */
export const paths = {
  home: '/',
  decoder: '/bias-detection',
  account: '/account',
  pricing: '/pricing',
  resetPassword: '/reset-password',
  admin: {
    users: '/admin',
    waitlist: '/admin/waitlist',
    demoRequests: '/admin/demo-requests',
    payments: '/admin/payments',
    analytics: '/admin/analytics',
    outbox: '/admin/outbox',
    newsletter: '/admin/newsletter',
    support: '/admin/support',
  },
} as const;

/** The admin sub-pages, relative to the shell's '/admin/*' route. */
export const adminRoutes = {
  waitlist: 'waitlist',
  demoRequests: 'demo-requests',
  payments: 'payments',
  analytics: 'analytics',
  outbox: 'outbox',
  newsletter: 'newsletter',
  support: 'support',
} as const;
