import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);

const DISPLAY_NAMES: Record<string, string> = { TW: 'Taiwan', US: 'United States', GB: 'United Kingdom' };

export interface Country {
  code: string;
  name: string;
}

/** Countries of residence, by ISO 3166-1 alpha-2 code, named in English and sorted by name. */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name: DISPLAY_NAMES[code] ?? name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function findCountry(code: string): Country | null {
  return BY_CODE.get(code.toUpperCase()) ?? null;
}
