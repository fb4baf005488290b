export * from './waitlist.ts';
export * from './auth.ts';
export * from './newsletter.ts';
export * from './support.ts';
export * from './sign-in-link.ts';
