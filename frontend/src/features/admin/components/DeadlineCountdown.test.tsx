import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { moderationCase } from '../test/moderation-fixtures';
import { DeadlineCountdown } from './DeadlineCountdown';

const MINUTE = 60_000;

describe('DeadlineCountdown', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      now: new Date('2026-10-14T12:00:00Z'),
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  const stageOf = (text: string) => screen.getByText(text).closest('[data-stage]')?.getAttribute('data-stage');

  it('ticks every second while on time', () => {
    // Opened just now with 30 minutes allowed.
    renderAt(<DeadlineCountdown item={moderationCase({}, 0, 0.5)} fetchedAt={Date.now()} />);
    expect(screen.getByText('30 min 00 s left')).toBeTruthy();
    expect(stageOf('30 min 00 s left')).toBe('on_time');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('29 min 59 s left')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('29 min 54 s left')).toBeTruthy();
  });

  it('turns amber in the last quarter of the allowed time', () => {
    // 24 h allowed, 18 h 10 min gone: 5 h 50 min left, under the 6 h quarter.
    renderAt(
      <DeadlineCountdown item={moderationCase({ kind: 'takedown' }, 18 + 10 / 60, 24)} fetchedAt={Date.now()} />,
    );
    expect(stageOf('5 h 50 min left')).toBe('warn');
    expect(screen.getByText('5 h 50 min left').className).toMatch(/warn/);
  });

  it('moves into the warning stage and then overdue while the page is open', () => {
    const item = moderationCase({}, 0, 4); // 4 h allowed: warn from 1 h left
    renderAt(<DeadlineCountdown item={item} fetchedAt={Date.now()} />);
    act(() => vi.advanceTimersByTime(3 * 60 * MINUTE));
    expect(stageOf('1 h 0 min left')).toBe('warn');
    act(() => vi.advanceTimersByTime(60 * MINUTE + 130 * MINUTE));
    expect(stageOf('overdue by 2 h 10 min')).toBe('overdue');
    expect(screen.getByText('overdue by 2 h 10 min').className).toMatch(/overdue/);
  });

  it("says 'Deadline missed' once the breach is recorded", () => {
    renderAt(<DeadlineCountdown item={moderationCase({ breached: true }, 50, 48)} fetchedAt={Date.now()} />);
    expect(screen.getByText('overdue by 2 h 0 min')).toBeTruthy();
    expect(screen.getByText('Deadline missed')).toBeTruthy();
  });
});
