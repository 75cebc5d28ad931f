// ad-hoc: time methods of the fan-out
import { pathToFileURL } from 'node:url';
const root = '/work/wt/mass/dist/';
const times = {};
export async function patch() {
  const repo = await import(pathToFileURL(root + 'libs/messaging/src/repositories/mass-message.repository.js').href);
  const job = await import(pathToFileURL(root + 'libs/messaging/src/commands/fan-out-mass-message/fan-out-mass-message.job.js').href);
  const aud = await import(pathToFileURL(root + 'libs/commerce/src/queries/audience/audience.handler.js').href);
  const wrap = (proto, name, label) => { const f = proto[name]; proto[name] = async function (...a) { const t = performance.now(); try { return await f.apply(this, a); } finally { times[label] = (times[label] ?? 0) + performance.now() - t; } }; };
  wrap(repo.MassMessageRepository.prototype, 'lock', 'lock');
  wrap(repo.MassMessageRepository.prototype, 'deliverPage', 'deliverPage');
  wrap(repo.MassMessageRepository.prototype, 'checkpoint', 'checkpoint');
  wrap(job.FanOutMassMessageJob.prototype, 'announce', 'announce');
  wrap(job.FanOutMassMessageJob.prototype, 'page', 'page');
  wrap(aud.AudiencePageHandler.prototype, 'execute', 'audiencePage');
  // per statement inside deliverPage
  const { EntityManager } = await import('@mikro-orm/postgresql');
  const ex = EntityManager.prototype.execute;
  EntityManager.prototype.execute = async function (sql, ...rest) { const t = performance.now(); try { return await ex.call(this, sql, ...rest); } finally { const k = 'sql:' + String(sql).replace(/\s+/g, ' ').slice(0, 70); times[k] = (times[k] ?? 0) + performance.now() - t; } };
  return times;
}
