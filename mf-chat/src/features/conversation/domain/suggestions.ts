export type SuggestionTopic = 'ai-bias' | 'white-supremacy' | 'enterprise-ethics' | 'counter-racism';

export interface Suggestion {
  topic: SuggestionTopic;
  prompt: string;
}

/** Spec section 2 ("Empty state"): four starting points, one per topic; choosing one fills the input. */
export const SUGGESTIONS: readonly Suggestion[] = [
  { topic: 'ai-bias', prompt: 'How does racial bias show up in AI systems?' },
  { topic: 'white-supremacy', prompt: 'What is white supremacy, and how does it operate today?' },
  { topic: 'enterprise-ethics', prompt: 'What are the best practices for AI ethics in an enterprise?' },
  { topic: 'counter-racism', prompt: 'What counter-racist strategies can I practise in daily life?' },
];
