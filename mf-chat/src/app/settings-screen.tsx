import { useKeisha } from '@keisha/store';
import { buttonStyles as buttons, pageFrameStyles as pageFrame, sectionStyles as section, ThemeToggle } from '@keisha/ui';
import { useEffect, useId } from 'react';
import { messagesTodayLabel } from '../features/profile/domain/profile.ts';
import type { ChatProfileState } from '../features/profile/hooks/use-chat-profile.ts';
import { SignOutButton } from '../features/session/components/sign-out-button.tsx';
import { AccountInfo } from '../features/settings/components/account-info.tsx';
import { BetaNotice } from '../features/settings/components/beta-notice.tsx';
import { EnterpriseDemoForm } from '../features/settings/components/enterprise-demo-form.tsx';
import { useChatPurchase } from '../features/settings/hooks/use-chat-purchase.ts';
import { CashAppInstructions } from '../features/upgrade/components/cash-app-instructions.tsx';
import { PlanGrid } from '../features/upgrade/components/plan-grid.tsx';
import { useChatPlans } from '../features/upgrade/hooks/use-chat-plans.ts';
import type { PaidTier } from './view-state.ts';
import styles from './settings-screen.module.css';

interface SettingsScreenProps {
  profile: ChatProfileState;
  onBack: () => void;
  onChoosePlan: (plan: PaidTier) => void;
}

/**
 * Spec section 2, "Settings", in its order: account information, the beta notice and support, the Enterprise
 * Solutions demo request, the plan grid, payment options with the Cash App instructions, Sign Out.
 */
export function SettingsScreen({ profile, onBack, onChoosePlan }: SettingsScreenProps) {
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  const userId = useKeisha((s) => s.auth.user?.id ?? null);
  const chatPurchase = useChatPurchase(userId);
  const plans = useChatPlans();
  const headingId = useId();
  const paymentId = useId();
  const { reload } = profile;

  // The plan and today's count as they are now (a purchase, messages sent in another tab).
  useEffect(() => reload(), [reload]);

  return (
    <div className={pageFrame.screen}>
      <header className={styles.topBar}>
        <button type="button" className={buttons.back} onClick={onBack}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M14.5 6 8.5 12l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Back to Chat
        </button>
        <ThemeToggle className={styles.themeToggle} />
      </header>
      <div className={styles.content} aria-labelledby={headingId} role="region">
        <h1 id={headingId} className={styles.title}>
          Settings
        </h1>
        {profile.loaded ? (
          <AccountInfo
            email={email}
            userId={userId}
            plan={profile.profile.plan}
            messagesToday={messagesTodayLabel(profile.profile)}
            purchase={chatPurchase.purchase}
            onPurchaseChanged={chatPurchase.replace}
          />
        ) : (
          <p className={section.muted} role="status">
            Loading your account...
          </p>
        )}
        <BetaNotice />
        <EnterpriseDemoForm />
        <PlanGrid plans={plans} currentPlan={profile.loaded ? profile.profile.plan : null} onChoose={onChoosePlan} />
        <section className={section.section} aria-labelledby={paymentId}>
          <h2 id={paymentId} className={section.heading}>
            Payment options
          </h2>
          <p className={section.muted}>Bitcoin: choose a plan above and pay through Coinbase, a crypto checkout.</p>
          <CashAppInstructions plans={plans} email={email} />
        </section>
        <div className={styles.signOut}>
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
