import { useKeisha } from '@keisha/store';
import { Link } from 'react-router-dom';
import { buttonStyles as buttons, cardStyles as card, useLoaded } from '@keisha/ui';
import { CHAT_PLANS_SECTION_ID, paths } from '../../../config/paths.ts';
import { getChatPlans } from '../api/get-chat-plans.ts';
import { chatPlanRows } from '../domain/chat-plan-rows.ts';
import frame from '../../../components/page-frame.module.css';
import styles from './chat-plans.module.css';

/**
 * The chat assistant's plans (Free, Starter, Pro, Gold) on /pricing, from billing's catalogue: the chat is live
 * for every signed-in reader, and a plan is bought from the chat's Settings (issue 28, item 5).
 */
export function ChatPlansSection() {
  const { state, retry } = useLoaded(getChatPlans, 'the chat plans');
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const rows = state.status === 'ready' ? chatPlanRows(state.value) : [];

  return (
    <section id={CHAT_PLANS_SECTION_ID} className={`${card.card} ${styles.section}`} aria-labelledby="chat-plans-title">
      <p className={frame.eyebrow}>Live now</p>
      <h2 id="chat-plans-title" className={styles.title}>
        Keisha, the chat assistant
      </h2>
      <p className={styles.text}>
        Ask a counter-racist scholar about what you just read: why a phrase is coded, how a policy story is framed,
        how bias gets into AI systems. Every account can chat for free; a plan removes the daily limit.
      </p>
      {state.status === 'loading' && (
        <p className={styles.status} aria-live="polite">
          Loading chat prices...
        </p>
      )}
      {state.status === 'failed' && (
        <p className={styles.status} aria-live="polite">
          The chat plans could not be loaded.{' '}
          <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.retry}`} onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {rows.length > 0 && (
        <ul className={styles.plans}>
          {rows.map((row) => (
            <li key={row.tier} className={styles.plan}>
              <h3 className={styles.planName}>{row.name}</h3>
              <p className={styles.price}>
                <span className={styles.amount}>{row.price}</span> <span className={styles.cadence}>{row.cadence}</span>
              </p>
              <p className={styles.allowance}>{row.allowance}</p>
              {row.cashApp && <p className={styles.cashApp}>{row.cashApp}</p>}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.text}>
        {signedIn ? (
          <>
            Upgrade from Settings in the chat: Bitcoin through a crypto checkout, or Cash App by hand.{' '}
            <Link to={paths.home} className={styles.action}>
              Open the chat
            </Link>
          </>
        ) : (
          <>
            Sign in or create a free account (Sign In on the News Decoder), then upgrade from Settings in the chat.{' '}
            <Link to={paths.decoder} className={styles.action}>
              Create a free account
            </Link>
          </>
        )}
      </p>
    </section>
  );
}
