import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';

describe('bundled country list', () => {
  it('has about 190 countries (SPEC §2), at least 190', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);
  });

  it('uses unique ISO 3166-1 alpha-2 codes and unique names', () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(COUNTRIES.map((country) => country.name)).size).toBe(COUNTRIES.length);
  });

  it('is sorted by name, like the API list', () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names each code as the platform does (spot checks)', () => {
    const byCode = new Map(COUNTRIES.map((country) => [country.code, country.name]));
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('IE')).toBe('Ireland');
    expect(byCode.get('GB')).toBe('United Kingdom');
    expect(byCode.get('US')).toBe('United States');
  });
});
