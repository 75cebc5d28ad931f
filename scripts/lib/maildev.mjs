// Embedded SMTP catcher with a web inbox (package `maildev` 2, on Express), run in-process.
import { mkdirSync } from 'node:fs';
import { findFreePort } from './util.mjs';

/**
 * @param {object} [options]
 * @param {number} [options.smtpPort] first SMTP port to try (default 1025; the next free one is used)
 * @param {number} [options.webPort]  first web port to try (default 1080)
 * @param {string} [options.mailDirectory] keep mail there across restarts
 * @returns {Promise<{ smtpUrl: string, webUrl: string, smtpPort: number, webPort: number, stop: () => Promise<void> }>}
 */
export async function startMaildev({ smtpPort = 1025, webPort = 1080, mailDirectory, host = '127.0.0.1' } = {}) {
  const { default: createMailDev } = await import('maildev');
  const smtp = await findFreePort(smtpPort);
  const web = await findFreePort(webPort, { exclude: [smtp] });
  if (mailDirectory) mkdirSync(mailDirectory, { recursive: true });
  // maildev adds SIGTERM/SIGINT handlers that exit the process at once; start.mjs owns shutdown
  // (it stops the api, the worker and the embedded database first), so those handlers are removed.
  const signals = ['SIGTERM', 'SIGINT'];
  const ours = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const maildev = createMailDev({
    smtp,
    web,
    ip: host,
    webIp: host,
    silent: true,
    ...(mailDirectory ? { mailDirectory } : {}),
  });
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!ours.get(signal).has(listener)) process.removeListener(signal, listener);
  }
  await maildev.listen();
  let stopped;
  return {
    smtpUrl: `smtp://${host}:${smtp}`,
    webUrl: `http://localhost:${web}`,
    smtpPort: smtp,
    webPort: web,
    stop: () => (stopped ??= new Promise((resolve) => maildev.close(() => resolve()))),
  };
}
