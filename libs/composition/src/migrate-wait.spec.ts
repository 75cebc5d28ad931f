import { nextWaitStep } from './migrate-wait.js';

describe('nextWaitStep (the gate before a pod serves)', () => {
  it('goes on when no migration is pending', () => {
    expect(nextWaitStep({ pending: [] }, 0, 1000)).toEqual({ state: 'ready' });
    expect(nextWaitStep({ pending: [] }, 5000, 1000)).toEqual({ state: 'ready' });
  });

  it('waits while migrations are pending, naming them', () => {
    expect(nextWaitStep({ pending: ['Migration2', 'Migration3'] }, 10, 1000)).toEqual({
      state: 'waiting',
      reason: '2 migration(s) pending: Migration2, Migration3',
    });
  });

  it('waits while the database cannot be reached (it may still be starting)', () => {
    expect(nextWaitStep({ error: 'connect ECONNREFUSED' }, 999, 1000)).toEqual({
      state: 'waiting',
      reason: 'database not reachable: connect ECONNREFUSED',
    });
  });

  it('gives up at the deadline with the last reason', () => {
    expect(nextWaitStep({ pending: ['Migration9'] }, 1000, 1000)).toEqual({
      state: 'timed-out',
      reason: '1 migration(s) pending: Migration9',
    });
    expect(nextWaitStep({ error: 'timeout' }, 2000, 1000)).toEqual({
      state: 'timed-out',
      reason: 'database not reachable: timeout',
    });
  });
});
