/** Addresses are compared case-insensitively and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Deliberately simple: one @, no spaces, a dot in the domain. Real validation is the email link.
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Normalises a required address, or throws the contract's validation error. */
export function requireEmail(raw: string | undefined, missing: () => Error, invalid: () => Error): string {
  if (!raw) throw missing();
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw invalid();
  return email;
}
