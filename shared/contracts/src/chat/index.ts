// Contracts of the chat service. The foundation only has its health route; later issues add the rest.
export const CHAT_SERVICE = 'chat';
