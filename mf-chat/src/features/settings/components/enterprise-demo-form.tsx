import { useId, useState, type FormEvent } from 'react';
import { buttonStyles as buttons, InlineField, sectionStyles as section } from '@keisha/ui';
import { requestDemo } from '../api/demo-request.ts';
import { canRequestDemo, demoFailure, demoReceived, type DemoOutcome } from '../domain/demo-request.ts';
import styles from './settings.module.css';

/** Spec section 2 (Settings): the Enterprise Solutions demo request. */
export function EnterpriseDemoForm() {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<DemoOutcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canRequestDemo(email, submitting)) return;
    setSubmitting(true);
    setOutcome(null);
    try {
      await requestDemo(email.trim());
      setOutcome(demoReceived());
      setEmail('');
    } catch (error) {
      setOutcome(demoFailure(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className={section.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        Enterprise Solutions
      </h2>
      <p className={section.muted}>Bring Keisha to your organisation: bias audits, AI-ethics training and team plans. Ask us for a demo.</p>
      <form className={styles.demoForm} onSubmit={(event) => void submit(event)} noValidate>
        <InlineField
          label="Work email"
          control={(field) => (
            <input
              {...field}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={submitting}
              required
            />
          )}
          action={
            <button type="submit" className={`${buttons.primary} ${styles.button}`} disabled={!canRequestDemo(email, submitting)}>
              {submitting ? 'Submitting...' : 'Request a Demo'}
            </button>
          }
        />
        {outcome && (
          <p className={outcome.error ? styles.error : styles.success} role={outcome.error ? 'alert' : 'status'}>
            {outcome.message}
          </p>
        )}
      </form>
    </section>
  );
}
