import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable, toAppError } from './error.filter.js';

describe('a database that cannot be reached answers 503, a failing query still 500', () => {
  it('recognises refused, cut-off and restarting connections, also as the cause of a wrapper', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // pg's client after its connection broke under a query (a fast shutdown of the server), or was closed by the pool.
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('wrapped', {
          cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        }),
      ),
    ).toBe(true);
    expect(toAppError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toMatchObject(
      { status: 503, code: 'service_unavailable' },
    );
    // The server's connection slots are full: a moment later there will be one.
    expect(toAppError(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toMatchObject({
      status: 503,
    });
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(toAppError(new Error('boom'))).toMatchObject({ status: 500 });
  });
});
