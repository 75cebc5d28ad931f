import { COUNTRY_NAMES } from './country-names.js';

export interface Country {
  code: string;
  name: string;
}

/** The countries of residence the form offers, sorted by name (see country-names.ts). */
export const COUNTRIES: readonly Country[] = COUNTRY_NAMES.map(([code, name]) => ({ code, name }));

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function findCountry(code: string): Country | null {
  return BY_CODE.get(code.toUpperCase()) ?? null;
}
