/** Spec section 5 ("Chat"): a blank message is not sent. */
export function canSend(draft: string): boolean {
  return draft.trim() !== '';
}

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  isComposing: boolean;
}

/**
 * Spec section 2: Enter sends. Shift+Enter starts a new line, and the Enter that confirms an
 * input-method composition (Japanese, Chinese...) belongs to the composition, not to sending.
 */
export function isSendKey(press: KeyPress): boolean {
  return press.key === 'Enter' && !press.shiftKey && !press.isComposing;
}
