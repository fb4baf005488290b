import { NEWSLETTER_TEXT } from '@keisha/contracts/identity';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getNewsletterSubscription, setNewsletterSubscription } from '../api/newsletter-subscription.ts';
import styles from './newsletter-section.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'saved'; subscribed: boolean; included: boolean } | { kind: 'failed'; message: string };

/** What a saved choice means: an opt-in on a plan without the newsletter starts only with a plan that has it. */
function savedMessage(subscribed: boolean, included: boolean): string {
  if (!subscribed) return NEWSLETTER_TEXT.unsubscribed;
  return included ? NEWSLETTER_TEXT.subscribed : NEWSLETTER_TEXT.subscribedNotIncluded;
}

/** The account page's opt-in and opt-out of the daily newsletter (Monthly and Annual plans). */
export function NewsletterSection({ userId, headingId }: { userId: string; headingId: string }) {
  const remote = useRemoteData(`newsletter:${userId}`, (signal) => getNewsletterSubscription(signal));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The box shows the reader's click at once while it is saved, and goes back if saving fails.
  const [asked, setAsked] = useState<boolean | null>(null);
  const subscription = remote.state.data;
  const busy = status.kind === 'busy';

  async function change(subscribed: boolean) {
    if (busy) return; // one change at a time; the box is not disabled, so focus stays on it
    setStatus({ kind: 'busy' });
    setAsked(subscribed);
    try {
      const next = await setNewsletterSubscription(subscribed);
      remote.update(() => next);
      setStatus({ kind: 'saved', subscribed: next.subscribed, included: next.included !== false });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, 'Could not save your choice. Please try again.') });
    } finally {
      setAsked(null);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {NEWSLETTER_TEXT.heading}
      </h2>
      {remote.state.status === 'failed' && !subscription && (
        <div className={styles.row}>
          {/* Not an alert: the rest of the page works, and this section says so where it stands. */}
          <p className={styles.lead}>{errorMessage(remote.state.error, 'Could not load your newsletter choice.')}</p>
          <Button size="small" onClick={remote.reload}>
            Try again
          </Button>
        </div>
      )}
      {!subscription && remote.state.status === 'loading' && <Loading label="Loading..." />}
      {subscription && (
        <>
          <p className={styles.lead}>{subscription.included === false ? NEWSLETTER_TEXT.notIncluded : NEWSLETTER_TEXT.included}</p>
          <label className={styles.toggle}>
            <input type="checkbox" checked={asked ?? subscription.subscribed} aria-busy={busy || undefined} onChange={(event) => void change(event.target.checked)} />
            {NEWSLETTER_TEXT.toggle}
          </label>
          {status.kind === 'saved' && <Notice kind="success">{savedMessage(status.subscribed, status.included)}</Notice>}
          {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
        </>
      )}
    </section>
  );
}
