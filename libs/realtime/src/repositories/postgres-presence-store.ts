import type { MikroORM } from '@mikro-orm/postgresql';
import { PresenceStore, type PresenceEntry } from '../presence/presence-store.js';

interface Row {
  topic: string;
  subscription_id: string;
  presence_key: string;
  meta: PresenceEntry['meta'];
}

const toEntry = (row: Row): PresenceEntry => ({
  topic: row.topic,
  subscriptionId: row.subscription_id,
  key: row.presence_key,
  meta: row.meta,
});

/** `realtime_presence` and `realtime_instances`, on the database's clock. */
export class PostgresPresenceStore extends PresenceStore {
  constructor(private readonly orm: MikroORM) {
    super();
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.orm.em.fork().execute<T[]>(sql, params);
  }

  async put(instance: string, entry: PresenceEntry): Promise<void> {
    await this.execute(
      `insert into realtime_presence (topic, subscription_id, instance_id, presence_key, meta) values (?, ?, ?, ?, ?)
       on conflict (topic, subscription_id) do update set presence_key = excluded.presence_key, meta = excluded.meta, tracked_at = now()`,
      [entry.topic, entry.subscriptionId, instance, entry.key, JSON.stringify(entry.meta)],
    );
  }

  async remove(topic: string, subscriptionId: string): Promise<void> {
    await this.execute(`delete from realtime_presence where topic = ? and subscription_id = ?`, [
      topic,
      subscriptionId,
    ]);
  }

  async list(topic: string): Promise<PresenceEntry[]> {
    return (
      await this.execute<Row>(
        `select topic, subscription_id, presence_key, meta from realtime_presence where topic = ? order by tracked_at, subscription_id`,
        [topic],
      )
    ).map(toEntry);
  }

  async heartbeat(instance: string): Promise<boolean> {
    // xmax is 0 on a freshly inserted row: the instance was not (or no longer) listed.
    const [row] = await this.execute<{ known: boolean }>(
      `insert into realtime_instances (id, seen_at) values (?, now()) on conflict (id) do update set seen_at = now() returning xmax <> 0 as known`,
      [instance],
    );
    return row.known;
  }

  async purgeDead(ttlMs: number): Promise<PresenceEntry[]> {
    // The delete claims each dead instance once; metas whose instance row is gone (a purge cut short) go too.
    const rows = await this.execute<Row>(
      `with dead as (delete from realtime_instances where seen_at < now() - make_interval(secs => ?) returning id)
       delete from realtime_presence p
        where p.instance_id in (select id from dead)
           or not exists (select 1 from realtime_instances i where i.id = p.instance_id)
       returning topic, subscription_id, presence_key, meta`,
      [ttlMs / 1000],
    );
    return rows.map(toEntry);
  }

  async forget(instance: string): Promise<void> {
    await this.execute(`delete from realtime_instances where id = ?`, [instance]);
  }
}
