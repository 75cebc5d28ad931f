// Embedded SMTP catcher with a web inbox (package `maildev`), run in-process.
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
  const { MailDev } = await import('maildev');
  const smtp = await findFreePort(smtpPort);
  const web = await findFreePort(webPort, { exclude: [smtp] });
  if (mailDirectory) mkdirSync(mailDirectory, { recursive: true });
  const maildev = new MailDev({
    smtp,
    web,
    ip: host,
    webIp: host,
    silent: true,
    ...(mailDirectory ? { mailDirectory } : {}),
  });
  // maildev prints "MailDev API running at …" even when silent; the caller prints the inbox URL.
  const { log: originalLog, info: originalInfo } = console;
  const quiet =
    (original) =>
    (...args) => {
      if (!(typeof args[0] === 'string' && args[0].startsWith('MailDev'))) original(...args);
    };
  console.log = quiet(originalLog);
  console.info = quiet(originalInfo);
  try {
    await maildev.start();
  } finally {
    console.log = originalLog;
    console.info = originalInfo;
  }
  let stopped;
  return {
    smtpUrl: `smtp://${host}:${smtp}`,
    webUrl: `http://localhost:${web}`,
    smtpPort: smtp,
    webPort: web,
    stop: () => (stopped ??= maildev.stop()),
  };
}
