import { describe, expect, it } from 'vitest';
import { periodRange } from './sales.service';

describe('periodRange', () => {
  const today = new Date(2026, 2, 5, 18, 30);

  it('covers the last N calendar days including today', () => {
    expect(periodRange(7, today)).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(periodRange(30, today)).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(periodRange(90, today)).toEqual({ from: '2025-12-06', to: '2026-03-05' });
  });
});
