import { isBlankText } from '@keisha/contracts';

/**
 * Spec section 5 ("Chat"): a blank message is not sent. Blank is the service's rule (contracts): spaces and
 * invisible characters only, so a draft of zero-width spaces is not sent either; an emoji is.
 */
export function canSend(draft: string): boolean {
  return !isBlankText(draft);
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
