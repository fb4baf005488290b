import { ChatRoot } from './app/chat-root.tsx';

/** The chat remote: `/` with a session ('chat'), and the return pages of the chat upgrade checkout. */
export default function ChatApp({ page }: { page: string }) {
  // A new page starts the app afresh on the view it asks for (a router may keep this component mounted).
  return <ChatRoot key={page} page={page} />;
}
