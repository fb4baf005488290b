/** Spec section 8 ("Enterprise demo", "Checkout"): a request that never reached the server. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
