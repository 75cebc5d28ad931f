import { describe, expect, it } from '@jest/globals';
import { QueueFactory } from '#app/platform';
import { startTestPlatform, uniqueEmail, waitFor } from '#app/testing';

// Alone in its file: another platform's worker on the same database would consume the job.
describe('graceful shutdown', () => {
  it('finishes in-flight requests and jobs when it shuts down', async () => {
    // Production's hash cost, so the sign-up below is still in flight (~0.25 s in bcrypt) when the api closes.
    const own = await startTestPlatform({ env: { BCRYPT_COST: '12' } });
    try {
      const email = uniqueEmail('shutdown');
      own.inbox.delayMs = 1500;
      // A sign-up spends ~0.25 s in bcrypt: close the api while it is in flight.
      const inFlight = fetch(`${own.baseUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Shutdown-Test-1!' }),
      });
      // Close once the server has accepted the request's connection: closing lets accepted requests finish.
      const server = own.api.getHttpServer();
      const accepted = () =>
        new Promise<boolean>((resolve) => server.getConnections((_error, count) => resolve(count > 0)));
      await waitFor(accepted, { intervalMs: 5, what: 'the sign-up accepted' });
      const closing = own.closeApi();
      const response = await inFlight;
      expect(response.status).toBe(200);
      await closing;

      // The worker, closed while the confirmation mail is being sent, lets that job finish first.
      const queue = own.worker!.get(QueueFactory).queue('notifications');
      await waitFor(async () => (await queue.getActiveCount()) > 0, { timeoutMs: 10_000, intervalMs: 20 }).catch(
        () => undefined,
      );
      expect(own.inbox.for(email)).toHaveLength(0);
      await own.closeWorker();
      expect(own.inbox.for(email)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
