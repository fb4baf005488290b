// Contracts of the billing service. The foundation only has its health route; later issues add the rest.
export const BILLING_SERVICE = 'billing';
