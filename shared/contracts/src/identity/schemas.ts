export * from './waitlist.schema.ts';
export * from './auth.schema.ts';
export * from './newsletter.schema.ts';
export * from './support.schema.ts';
