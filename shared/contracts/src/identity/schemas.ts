export * from './waitlist.schema.ts';
