import { DECODER_PREFILL_KEY } from '@keisha/contracts/decoder';

/** Hands an article to the news decoder's input (read once when the decoder opens). False when storage is blocked. */
export function handToDecoder(article: string): boolean {
  try {
    sessionStorage.setItem(DECODER_PREFILL_KEY, article);
    return true;
  } catch {
    return false;
  }
}
