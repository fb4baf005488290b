export * from './domain/auth.ts';
export * from './domain/theme.ts';
export { createKeishaStore, type KeishaState, type PreferenceStorage } from './store.ts';
export { createSession, SIGNED_IN_HINT_KEY, toSiteUser, type Session } from './session.ts';
export { ANALYTICS_SESSION_KEY, analyticsSessionId, eventProperties, sendAnalyticsEvent, trackEvent } from './analytics.ts';
export { useSessionPoll, type PollOutcome, type SessionPollOptions, type SessionPollState } from './session-poll.ts';
export { keishaStore, session, useKeisha } from './page-store.ts';
