// Contracts of the decoder service. The foundation only has its health route; later issues add the rest.
export const DECODER_SERVICE = 'decoder';
