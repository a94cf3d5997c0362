/** Conversations between a buyer and a seller. */
export const conversationMessages = {
  /** Stands in a message for a phone number, email, link or messenger handle until a booking exists. */
  contactHidden: '[shared after booking]',
} as const;
