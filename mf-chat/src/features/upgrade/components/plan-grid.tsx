import type { ChatTier } from '@keisha/contracts/chat';
import { useId } from 'react';
import { buttonStyles as buttons, LoadProblem, sectionStyles as section } from '@keisha/ui';
import type { ChatPlansState } from '../hooks/use-chat-plans.ts';
import { priceLine, type ChatPlanCard } from '../domain/plans.ts';
import styles from './plans.module.css';

type PaidTier = Exclude<ChatTier, 'Free'>;

interface PlanGridProps {
  plans: ChatPlansState;
  currentPlan: ChatTier | null;
  onChoose: (tier: PaidTier) => void;
}

/** Spec section 2 (Settings): the plan grid, Free, Starter, Pro and Gold, priced from billing's catalogue. */
export function PlanGrid({ plans, currentPlan, onChoose }: PlanGridProps) {
  const headingId = useId();
  return (
    <section className={section.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        Plans
      </h2>
      {plans.status === 'loading' && (
        <p className={styles.muted} role="status">
          Loading plans...
        </p>
      )}
      {plans.status === 'failed' && (
        <LoadProblem message="The plans could not be loaded." onRetry={plans.retry} className={styles.problem} />
      )}
      {plans.status === 'ready' && (
        <ul className={styles.grid}>
          {plans.plans.map((plan) => (
            <PlanCard key={plan.tier} plan={plan} current={plan.tier === currentPlan} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PlanCard({ plan, current, onChoose }: { plan: ChatPlanCard; current: boolean; onChoose: (tier: PaidTier) => void }) {
  const nameId = useId();
  const tier = plan.tier;
  return (
    <li className={styles.card} data-current={current || undefined}>
      <article className={styles.cardBody} aria-labelledby={nameId}>
        <h3 id={nameId} className={styles.planName}>
          {plan.name}
        </h3>
        <p className={styles.price}>{priceLine(plan)}</p>
        <p className={styles.muted}>{plan.messages}</p>
        {plan.lifetime && <p className={styles.muted}>Lifetime access, with early access to new features</p>}
        <div className={styles.cardAction}>
          {current ? (
            <span className={styles.currentBadge}>Current plan</span>
          ) : tier !== 'Free' ? (
            <button type="button" className={`${buttons.primary} ${styles.choose}`} onClick={() => onChoose(tier)}>
              Upgrade to {plan.name}
            </button>
          ) : null}
        </div>
      </article>
    </li>
  );
}
