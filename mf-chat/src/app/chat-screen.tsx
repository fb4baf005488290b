import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { trackEvent, useKeisha } from '@keisha/store';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { ConfirmAddressNotice, ThemeToggle, useAddressConfirmation } from '@keisha/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { ConversationView } from '../features/conversation/components/conversation-view.tsx';
import { useConversation } from '../features/conversation/hooks/use-conversation.ts';
import { hasReachedDailyLimit } from '../features/profile/domain/profile.ts';
import type { ChatProfileState } from '../features/profile/hooks/use-chat-profile.ts';
import { AccountBar } from '../features/session/components/account-bar.tsx';
import { SignOutButton } from '../features/session/components/sign-out-button.tsx';
import { SidePanel } from '../features/side-panel/components/side-panel.tsx';
import { useConversationSearch } from '../features/side-panel/hooks/use-conversation-search.ts';
import { useSessionList } from '../features/side-panel/hooks/use-session-list.ts';
import styles from './chat-screen.module.css';

/** Shown once the address is confirmed (the notice then goes: the chat is open). */
export const CONFIRMED = 'Thank you, your address is confirmed.';

/** Below this width the side panel lays over the conversation and starts closed. */
const WIDE = '(min-width: 900px)';

function isWide(): boolean {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;
}

interface ChatScreenProps {
  profile: ChatProfileState;
  onLimitReached: () => void;
  onOpenSettings: () => void;
  onOpenDecoder: () => void;
  onDecodeArticle: (article: string) => void;
}

/** The chat view (spec section 2, "Chat app"): the collapsible side panel beside the conversation. */
export function ChatScreen({ profile, onLimitReached, onOpenSettings, onOpenDecoder, onDecodeArticle }: ChatScreenProps) {
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const sessions = useSessionList();
  const search = useConversationSearch();
  const [draft, setDraft] = useState('');
  const confirmation = useAddressConfirmation(CONFIRMED);
  const conversation = useConversation({
    signedIn,
    profileLoaded: profile.loaded,
    limitReached: hasReachedDailyLimit(profile.profile),
    onUsage: profile.update,
    onLimitReached,
    onAddressUnconfirmed: confirmation.markUnconfirmed,
    onSessionActive: sessions.touch,
    onDraftReturned: setDraft,
  });
  const [panelOpen, setPanelOpen] = useState(isWide);
  const [wide, setWide] = useState(isWide);
  const panelId = useId();

  // Once each time the chat view is shown; the ref keeps a development double render from counting twice.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void trackEvent(CHAT_EVENTS.opened);
  }, []);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const change = () => {
      setWide(query.matches);
      setPanelOpen(query.matches);
    };
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);

  // On a narrow screen the panel is a layer over the chat: Escape closes it.
  useEffect(() => {
    if (wide || !panelOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setPanelOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [wide, panelOpen]);

  const afterChoice = () => {
    if (!wide) setPanelOpen(false);
  };

  return (
    <div className={styles.screen} data-panel={panelOpen ? 'open' : 'closed'}>
      <div className={styles.panelSlot} hidden={!panelOpen}>
        <SidePanel
          id={panelId}
          sessions={sessions}
          search={search}
          currentSessionId={conversation.state.sessionId}
          onNewChat={() => {
            conversation.newChat();
            setDraft('');
            afterChoice();
          }}
          onOpen={(sessionId) => {
            conversation.open(sessionId);
            afterChoice();
          }}
          onDeleted={conversation.forget}
          onBiasDetection={onOpenDecoder}
          onSettings={onOpenSettings}
          signOut={<SignOutButton className={styles.panelSignOut} />}
        />
      </div>
      {panelOpen && !wide && <div className={styles.backdrop} aria-hidden="true" onClick={() => setPanelOpen(false)} />}
      <div className={styles.main}>
        <header className={styles.topBar}>
          <button
            type="button"
            className={styles.panelToggle}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            aria-label={panelOpen ? 'Hide side panel' : 'Show side panel'}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M9.5 4.5v15" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
          <AccountBar />
          <ThemeToggle className={styles.themeToggle} />
        </header>
        {confirmation.state === 'unconfirmed' && (
          <ConfirmAddressNotice confirmation={confirmation} text={CHAT_TEXT.emailNotVerified} className={styles.confirmNotice} />
        )}
        <ConversationView
          conversation={conversation}
          draft={draft}
          onDraftChange={setDraft}
          inputBlocked={!restored || !signedIn || !profile.loaded}
          onDecodeArticle={onDecodeArticle}
        />
      </div>
    </div>
  );
}
