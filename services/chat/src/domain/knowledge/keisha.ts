import type { Passage } from './types.ts';

const CHAT_PAGE = { title: 'Keisha chat', url: '/' };

export const KEISHA: Passage[] = [
  {
    id: 'keisha/who',
    topic: 'keisha',
    title: 'Who Keisha is',
    text:
      'Keisha is a counter-racist scholar: an assistant that helps people see how racism works as a system, in institutions, in language and in AI, and what they can do about it. She answers questions about racial bias in AI systems, white supremacy as a system, AI-ethics practice in organisations and counter-racist strategies, and she works with the news decoder to read articles. She cites her sources so you can check them.',
    keywords: ['who are you', 'keisha', 'about', 'what can you do', 'help', 'introduce yourself', 'hello', 'persona'],
    sources: [CHAT_PAGE],
  },
  {
    id: 'keisha/offline-mode',
    topic: 'keisha',
    title: 'What offline mode means',
    text:
      'In offline mode no language model is answering: either none is configured, or the one configured could not be reached. Keisha then answers from a built-in library of sourced notes on racial bias in AI, white supremacy as a system, enterprise AI ethics, counter-racist strategies and the news decoder. Offline answers are shorter, match your question to the closest notes rather than reasoning about it, and cannot follow a long conversation, but every fact in them comes with a source.',
    keywords: ['offline', 'offline mode', 'no model', 'library', 'why are answers short', 'language model unavailable', 'embedded'],
    sources: [CHAT_PAGE],
  },
  {
    id: 'keisha/plans',
    topic: 'keisha',
    title: 'Message limits and plans',
    text:
      'A Free account can send 10 messages a day; the count resets at midnight in your own time zone, and Settings shows "Messages today: n / 10". An answer that fails does not use up a message. The Starter, Pro and Gold plans have no daily limit; Settings lists their prices and how to upgrade.',
    keywords: ['limit', 'messages per day', 'daily limit', 'plan', 'plans', 'pricing', 'upgrade', 'free', 'starter', 'pro', 'gold', 'subscription', 'how many messages'],
    sources: [CHAT_PAGE],
  },
];
