import { ThemeToggle } from '@keisha/ui';
import { ChatEmptyState } from './features/conversation/components/chat-empty-state.tsx';
import { AccountBar } from './features/session/components/account-bar.tsx';
import { PaymentCancelledPage } from './features/upgrade/components/payment-cancelled-page.tsx';
import { PaymentSuccessPage } from './features/upgrade/components/payment-success-page.tsx';
import styles from './app.module.css';

/** The chat app as a signed-in reader first sees it: a new conversation. */
function ChatScreen() {
  return (
    <div className={styles.screen}>
      <header className={styles.topBar}>
        <AccountBar />
        <ThemeToggle className={styles.themeToggle} />
      </header>
      <div className={styles.content}>
        <ChatEmptyState />
      </div>
    </div>
  );
}

/** The chat remote: `/` with a session, and the return pages of the chat upgrade checkout. */
export default function ChatApp({ page }: { page: string }) {
  switch (page) {
    case 'payment-success':
      return <PaymentSuccessPage />;
    case 'payment-cancelled':
      return <PaymentCancelledPage />;
    default:
      return <ChatScreen />;
  }
}
