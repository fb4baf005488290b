/** Spec section 2: the retry button of both the connection-problem panel and the generic error screen. */
export const TRY_AGAIN = 'Try Again';
