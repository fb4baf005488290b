export * from './waitlist.schema.ts';
export * from './auth.schema.ts';
