export * from './waitlist.ts';
export * from './auth.ts';
