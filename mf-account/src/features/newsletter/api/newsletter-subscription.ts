import { NEWSLETTER_PATHS, type NewsletterSubscription } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

interface SubscriptionResponse {
  success: true;
  subscription: NewsletterSubscription;
}

/** GET: the reader's newsletter choice and whether the plan includes it. */
export async function getNewsletterSubscription(signal?: AbortSignal): Promise<NewsletterSubscription> {
  return (await session.request<SubscriptionResponse>(NEWSLETTER_PATHS.subscription, signal ? { signal } : {})).subscription;
}

/** PUT: opt in to or out of the daily newsletter. */
export async function setNewsletterSubscription(subscribed: boolean): Promise<NewsletterSubscription> {
  return (await session.request<SubscriptionResponse>(NEWSLETTER_PATHS.subscription, { method: 'PUT', body: { subscribed } })).subscription;
}
