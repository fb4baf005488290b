import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { trackEvent, useKeisha } from '@keisha/store';
import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useChatProfile } from '../features/profile/hooks/use-chat-profile.ts';
import { SignInUnconfirmed } from '../features/session/components/sign-in-unconfirmed.tsx';
import { PaymentCancelledPage } from '../features/upgrade/components/payment-cancelled-page.tsx';
import { PaymentSuccessPage } from '../features/upgrade/components/payment-success-page.tsx';
import { PaywallDialog } from '../features/upgrade/components/paywall-dialog.tsx';
import { UpgradeCheckoutView } from '../features/upgrade/components/upgrade-checkout-view.tsx';
import { useChatPlans } from '../features/upgrade/hooks/use-chat-plans.ts';
import { handToDecoder } from '../lib/decoder-prefill.ts';
import { ChatScreen } from './chat-screen.tsx';
import { SettingsScreen } from './settings-screen.tsx';
import { initialView, isPaidTier, viewReducer, type PaidTier, type ViewRequest } from './view-state.ts';
import styles from './chat-root.module.css';

/** Where the decoder lives in the site (spec section 2's route table). */
const DECODER_PATH = '/bias-detection';

/** The chat app: its views switched by the view state, and the paywall over them. */
export function ChatRoot({ page }: { page: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(viewReducer, undefined, () =>
    initialView(page, location.state, isPaidTier(params.get('plan')) ? (params.get('plan') as PaidTier) : null),
  );
  const profile = useChatProfile();
  // A sign-in identity could not confirm just now: not a signed-out reader, and not a chat that can answer yet.
  const unconfirmed = useKeisha((s) => (s.auth.user ? null : s.auth.unconfirmed));
  const [paywall, setPaywall] = useState(false);
  const openPaywall = useCallback(() => setPaywall(true), []);

  // biasDetection opens the news decoder, a page of the site.
  useEffect(() => {
    if (state.view === 'biasDetection') navigate(DECODER_PATH);
  }, [state.view, navigate]);

  const root = useRef<HTMLDivElement>(null);
  useFocusHeadingOnViewChange(state.view, root);

  /** To the chat's own views from a return page: '/' shows the chat, opened on the view asked for. */
  const home = (request: ViewRequest = {}) => navigate('/', { state: request });

  let view;
  switch (state.view) {
    case 'paymentSuccess':
      view = <PaymentSuccessPage onGoToChat={() => home()} />;
      break;
    case 'paymentCancelled':
      view = (
        <PaymentCancelledPage
          plan={state.plan}
          onBackToSettings={() => home({ chatView: 'settings' })}
          onRetry={(plan) => home({ chatView: 'upgradeCheckout', plan })}
        />
      );
      break;
    case 'settings':
      view = (
        <SettingsScreen
          profile={profile}
          onBack={() => dispatch({ type: 'showChat' })}
          onChoosePlan={(plan) => {
            void trackEvent(CHAT_EVENTS.planSelected, { plan, current_plan: profile.loaded ? profile.profile.plan : null });
            dispatch({ type: 'choosePlan', plan });
          }}
        />
      );
      break;
    case 'upgradeCheckout':
      view = <UpgradeCheckoutScreen plan={state.plan ?? 'Starter'} onBack={() => dispatch({ type: 'backToSettings' })} />;
      break;
    case 'biasDetection':
      view = (
        <p className={styles.opening} role="status">
          Opening the News Decoder...
        </p>
      );
      break;
    default:
      view = (
        <ChatScreen
          profile={profile}
          onLimitReached={openPaywall}
          onOpenSettings={() => dispatch({ type: 'openSettings' })}
          onOpenDecoder={() => dispatch({ type: 'openDecoder' })}
          onDecodeArticle={(article) => {
            void trackEvent(CHAT_EVENTS.articleToDecoder, { characters: article.length });
            handToDecoder(article);
            dispatch({ type: 'openDecoder' });
          }}
        />
      );
  }

  // The return pages of a purchase still say where the purchase stands (their own check waits for the sign-in).
  if (unconfirmed && state.view !== 'paymentSuccess' && state.view !== 'paymentCancelled') {
    view = <SignInUnconfirmed reason={unconfirmed.message} />;
  }

  return (
    <div className={styles.root} ref={root}>
      {view}
      {paywall && (
        <PaywallDialog
          usage={profile.loaded ? profile.profile : null}
          onUpgrade={() => {
            setPaywall(false);
            dispatch({ type: 'openSettings' });
          }}
          onClose={() => setPaywall(false)}
        />
      )}
    </div>
  );
}

/**
 * A switch of view (chat, Settings, the checkout) is a new page to its reader: focus moves to the view's
 * heading, as the shell does after a route change. Not when the chat first opens.
 */
function useFocusHeadingOnViewChange(view: string, root: RefObject<HTMLElement | null>) {
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    const heading = root.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [view, root]);
}

function UpgradeCheckoutScreen({ plan, onBack }: { plan: PaidTier; onBack: () => void }) {
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  const plans = useChatPlans();
  return (
    <div className={styles.checkout}>
      <UpgradeCheckoutView plan={plan} plans={plans} email={email} onBack={onBack} />
    </div>
  );
}
