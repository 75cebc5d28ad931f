import { describe, expect, it } from '@jest/globals';
import { QueueFactory } from '#app/platform';
import { startTestPlatform, uniqueEmail } from '#app/testing';

// Alone in its file: another platform's worker on the same database would consume the job.
describe('graceful shutdown', () => {
  it('finishes in-flight requests and jobs when it shuts down', async () => {
    const own = await startTestPlatform();
    try {
      const email = uniqueEmail('shutdown');
      own.inbox.delayMs = 1500;
      // A sign-up spends ~0.25 s in bcrypt: close the api while it is in flight.
      const inFlight = fetch(`${own.baseUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Shutdown-Test-1!' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = own.closeApi();
      const response = await inFlight;
      expect(response.status).toBe(200);
      await closing;

      // The worker, closed while the confirmation mail is being sent, lets that job finish first.
      const queue = own.worker!.get(QueueFactory).queue('notifications');
      const deadline = Date.now() + 10_000;
      while ((await queue.getActiveCount()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(own.inbox.for(email)).toHaveLength(0);
      await own.closeWorker();
      expect(own.inbox.for(email)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
