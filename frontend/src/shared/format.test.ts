import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatMonth,
  formatRelative,
  readerLocale,
} from './format';

afterEach(() => vi.unstubAllGlobals());

describe('shared formats', () => {
  it("uses the browser's locale when it has one", () => {
    vi.stubGlobal('navigator', { language: 'de-DE', languages: ['de-DE'] });
    expect(readerLocale()).toBe('de-DE');
    expect(formatMoney(1999, 'EUR')).toBe('19,99\u00a0€');
    expect(formatDate('2026-03-31')).toBe('31.03.2026');
  });

  it('falls back to Irish English: euros, day before month', () => {
    vi.stubGlobal('navigator', { language: '', languages: [] });
    expect(readerLocale()).toBe('en-IE');
    expect(formatMoney(1999)).toBe('€19.99');
    expect(formatDate('2026-03-31')).toBe('31 Mar 2026');
    expect(formatDayMonth('2026-03-31')).toBe('31 March');
  });

  it('keeps a calendar day on its day whatever the time zone, and formats any currency the API sends', () => {
    expect(formatDate('2026-01-01', 'en-IE', 'long')).toBe('1 January 2026');
    expect(formatMoney(-1500, 'GBP', 'en-IE')).toBe('-£15.00');
    expect(formatMoney(100, 'XXX-not-a-code', 'en-IE')).toBe('1.00 XXX-not-a-code');
  });

  it('names months and periods, and says when a timestamp is missing or unreadable', () => {
    expect(formatDayMonth('2026-03-31', 'en-IE', 'short')).toBe('31 Mar');
    expect(formatMonth('2026-03', 'en-IE')).toBe('March 2026');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

const NOW = new Date('2025-06-01T12:00:00Z').getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelative', () => {
  it('is compact for table cells', () => {
    expect(formatRelative(ago(20_000), NOW)).toBe('just now');
    expect(formatRelative(ago(12 * 60_000), NOW)).toBe('12 min ago');
    expect(formatRelative(ago(3 * 3_600_000 + 59 * 60_000), NOW)).toBe('3 h ago');
    expect(formatRelative(ago(5 * 86_400_000), NOW)).toBe('5 d ago');
    expect(formatRelative(ago(-60_000), NOW)).toBe('just now');
  });
});
