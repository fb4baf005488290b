import type { Usage } from '@keisha/contracts/decoder';
import { useKeisha } from '@keisha/store';
import { useEffect, useState } from 'react';
import { AdvancedDetection } from './features/advanced-detection/components/advanced-detection.tsx';
import { AnalysisWorkspace } from './features/analysis/components/analysis-workspace.tsx';
import { ConfirmAddressNotice, pageFrameStyles as pageFrame, useAddressConfirmation } from '@keisha/ui';
import { CONFIRMED, UNCONFIRMED_ALLOWANCE } from './features/confirm-address/confirm-address-text.ts';
import { CrashBoundary } from './features/crash-screen/components/crash-boundary.tsx';
import { DecoderHeader } from './features/identity/components/decoder-header.tsx';
import { useAuthDialogState } from './features/identity/hooks/use-auth-dialog-state.ts';
import { useSignInLink } from './features/identity/hooks/use-sign-in-link.ts';
import { PaymentReturnPage } from './features/payment-return/components/payment-return-page.tsx';
import { PaywallDialog } from './features/paywall/components/paywall-dialog.tsx';
import styles from './app.module.css';

/** The paywall as shown: with the usage that triggered it, when known. */
interface PaywallRequest {
  usage: Usage | null;
}

/** The news decoder screen (spec section 2): header over the article and analysis panels, and the paywall. */
function DecoderScreen() {
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const authDialog = useAuthDialogState();
  const [paywall, setPaywall] = useState<PaywallRequest | null>(null);
  const [createAccountNext, setCreateAccountNext] = useState(false);
  const { open: openAuthDialog } = authDialog;
  useSignInLink(authDialog);
  const confirmation = useAddressConfirmation(CONFIRMED);
  const { check: checkAddress } = confirmation;

  // A free account at its limit may be one that has not confirmed its address (it has its address's guest
  // allowance until then): identity is asked, and the paywall then says how to get its own allowance.
  const limitReached = (usage: Usage | null) => {
    setPaywall({ usage });
    if (signedIn && (usage === null || usage.subscription_tier === 'free')) void checkAddress();
  };

  // The account dialog opens once the paywall has gone and handed the focus back, so that closing the
  // account dialog in turn returns it to the page rather than to a button that no longer exists.
  useEffect(() => {
    if (!createAccountNext || paywall) return;
    setCreateAccountNext(false);
    openAuthDialog('create-account');
  }, [createAccountNext, paywall, openAuthDialog]);

  return (
    <div className={pageFrame.screen}>
      <DecoderHeader authDialog={authDialog} />
      <div className={styles.content}>
        <AnalysisWorkspace
          onLimitReached={limitReached}
          renderAdvanced={(result) => <AdvancedDetection text={result.text} advanced={result.advanced} />}
          addressUnconfirmed={signedIn && confirmation.state === 'unconfirmed'}
          {...(signedIn && confirmation.state === 'unknown' ? { onFreePrompt: checkAddress } : {})}
        />
      </div>
      {paywall && (
        <PaywallDialog
          signedIn={signedIn}
          usage={paywall.usage}
          notice={signedIn && (confirmation.state === 'unconfirmed' || confirmation.note) ? (
              <ConfirmAddressNotice confirmation={confirmation} text={UNCONFIRMED_ALLOWANCE} headingLevel="h3" className={styles.confirmNotice} />
            ) : undefined}
          onClose={() => setPaywall(null)}
          onCreateAccount={() => {
            setPaywall(null);
            setCreateAccountNext(true);
          }}
        />
      )}
    </div>
  );
}

/** The decoder remote: the shell picks the page from its route (/bias-detection, /microfrag, /payment/*). */
export default function DecoderApp({ page }: { page: string }) {
  switch (page) {
    case 'payment-success':
      return <PaymentReturnPage outcome="success" />;
    case 'payment-cancel':
      return <PaymentReturnPage outcome="cancel" />;
    default:
      return (
        <CrashBoundary>
          <DecoderScreen />
        </CrashBoundary>
      );
  }
}
