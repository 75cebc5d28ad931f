import { findCountry } from './countries.js';

export const MINIMUM_AGE = 18;

export interface ApplicantInput {
  fullName?: string;
  dateOfBirth?: string;
  country?: string;
}

export interface Applicant {
  fullName: string;
  dateOfBirth: string;
  country: string;
}

export interface FieldProblem {
  field: keyof ApplicantInput;
  message: string;
}

/** Whole years between a date of birth and a day, as a person counts their age. */
export function ageOn(dateOfBirth: string, day: Date): number {
  const [year, month, date] = dateOfBirth.split('-').map(Number);
  const today = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, date: day.getUTCDate() };
  const hadBirthday = today.month > month || (today.month === month && today.date >= date);
  return today.year - year - (hadBirthday ? 0 : 1);
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** SPEC §5: every field required; creators and referrers are 18 or older; a real country. */
export function checkApplicant(
  input: ApplicantInput,
  now: Date,
): { applicant: Applicant; problems: [] } | { applicant: null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const fullName = (input.fullName ?? '').trim().replace(/\s+/g, ' ');
  if (!fullName) problems.push({ field: 'fullName', message: 'This field is required' });
  else if (fullName.length < 2 || fullName.length > 100)
    problems.push({ field: 'fullName', message: 'Full name must be between 2 and 100 characters' });
  else if (!/^[\p{L}\p{M}][\p{L}\p{M}' .,-]*$/u.test(fullName))
    problems.push({
      field: 'fullName',
      message: 'Full name may contain only letters, spaces, apostrophes, dots and hyphens',
    });

  const dateOfBirth = (input.dateOfBirth ?? '').trim();
  if (!dateOfBirth) problems.push({ field: 'dateOfBirth', message: 'This field is required' });
  else if (!isRealDate(dateOfBirth))
    problems.push({ field: 'dateOfBirth', message: 'Date of birth must be a date (YYYY-MM-DD)' });
  else if (ageOn(dateOfBirth, now) < MINIMUM_AGE)
    problems.push({ field: 'dateOfBirth', message: 'You must be at least 18 years old' });
  else if (ageOn(dateOfBirth, now) > 120) problems.push({ field: 'dateOfBirth', message: 'Check your date of birth' });

  const code = (input.country ?? '').trim();
  const country = code ? findCountry(code) : null;
  if (!code) problems.push({ field: 'country', message: 'This field is required' });
  else if (!country) problems.push({ field: 'country', message: 'Select a country from the list' });

  if (problems.length > 0) return { applicant: null, problems };
  return { applicant: { fullName, dateOfBirth, country: country!.code }, problems: [] };
}
