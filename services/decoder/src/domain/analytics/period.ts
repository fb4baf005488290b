// The days an admin chart covers: the last N local days in the admin's time zone, today included. The service
// kit counts them (billing's sales figures cover the same days).
export { addDays, lastLocalDays as periodDays, type LocalDays as AnalyticsPeriodDays } from '@keisha/service-kit';
