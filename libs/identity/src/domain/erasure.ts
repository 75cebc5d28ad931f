/** What a deleted account's address becomes: unique, unroutable (RFC 2606 `.invalid`), no trace of the old one. */
export const anonymisedEmail = (userId: string) => `deleted-${userId}@invalid`;
