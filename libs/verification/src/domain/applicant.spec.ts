import { ageOn, checkApplicant } from './applicant.js';
import { COUNTRIES, findCountry } from './countries.js';

describe('checkApplicant', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('accepts an adult with a real country and tidies the name', () => {
    expect(
      checkApplicant({ fullName: "  Zoë   O'Neil-Smith ", dateOfBirth: '2008-11-22', country: 'de' }, now),
    ).toEqual({
      applicant: { fullName: "Zoë O'Neil-Smith", dateOfBirth: '2008-11-22', country: 'DE' },
      problems: [],
    });
  });

  it('counts age in whole years: 18 on the birthday, 17 the day before, 29 February births', () => {
    expect(ageOn('2008-11-22', now)).toBe(18);
    expect(ageOn('2008-11-23', now)).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-02-28T00:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(18);
    expect(checkApplicant({ fullName: 'Jane Doe', dateOfBirth: '2008-11-23', country: 'DE' }, now).problems).toEqual([
      { field: 'dateOfBirth', message: 'You must be at least 18 years old' },
    ]);
  });

  it("names every problem, with the spec's 'This field is required' for empty fields", () => {
    expect(checkApplicant({}, now).problems).toEqual([
      { field: 'fullName', message: 'This field is required' },
      { field: 'dateOfBirth', message: 'This field is required' },
      { field: 'country', message: 'This field is required' },
    ]);
    expect(
      checkApplicant({ fullName: '<script>', dateOfBirth: '1990-02-30', country: 'XX' }, now).problems.map(
        (p) => p.field,
      ),
    ).toEqual(['fullName', 'dateOfBirth', 'country']);
  });
});

describe('COUNTRIES', () => {
  it('lists the 193 UN members and 2 observer states once each, by two-letter code, sorted by name', () => {
    expect(COUNTRIES).toHaveLength(195);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(195);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    expect(findCountry('us')).toEqual({ code: 'US', name: 'United States' });
    expect(findCountry('VA')).toEqual({ code: 'VA', name: 'Holy See' });
    expect(findCountry('AQ')).toBeNull();
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
