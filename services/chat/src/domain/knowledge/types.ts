import type { ChatSource } from '@keisha/contracts/chat';

export type TopicId = 'ai-bias' | 'white-supremacy' | 'enterprise' | 'strategies' | 'decoder' | 'keisha';

/**
 * One passage of the offline library: facts from public work, written in our own words and in
 * Keisha's voice, each with the sources a reader can check. Passages about the product itself
 * link to the product's own pages.
 */
export interface Passage {
  /** `<topic>/<slug>`, stable: tests and logs refer to it. */
  id: string;
  topic: TopicId;
  title: string;
  text: string;
  /** Extra words a reader might search with (names, synonyms) that the text does not use. */
  keywords: string[];
  sources: ChatSource[];
}
