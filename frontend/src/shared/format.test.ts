import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDayMonth, formatMoney, readerLocale } from './format';

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
});
