/**
 * Spec section 2 (Research intro): go back one step when the history has more than 2 entries, otherwise go
 * home. A visitor who opened /knn from a search result or a new tab has nowhere on this site to go back to.
 */
export function backDestination(historyLength: number): -1 | '/' {
  return historyLength > 2 ? -1 : '/';
}
