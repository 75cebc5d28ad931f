import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ServerResponse } from 'node:http';
import { QueueFactory } from '../jobs/queue-factory.js';
import { MailTransport } from '../mail/mail-transport.js';
import { ObjectStorage } from '../files/object-storage.js';
import { pingDatabase } from '../database/sql/server-checks.js';

type Check = 'up' | 'down';

async function probe(fn: () => Promise<unknown>, timeoutMs = 5000): Promise<Check> {
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
    ]);
    return 'up';
  } catch {
    return 'down';
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueueFactory) private readonly queues: QueueFactory,
    @Inject(MailTransport) private readonly mail: MailTransport,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every dependency: database, queue, mail and file storage (503 when one is down)' })
  async health(@Res({ passthrough: true }) response: ServerResponse) {
    const [database, queue, mail, storage] = await Promise.all([
      this.database(),
      this.queue(),
      probe(() => this.mail.ping()),
      this.files(),
    ]);
    const ok = database === 'up' && queue === 'up' && mail === 'up' && storage === 'up';
    response.statusCode = ok ? 200 : 503;
    return {
      status: ok ? 'ok' : 'degraded',
      checks: {
        database,
        queue: { status: queue, backend: this.queues.kind },
        mail,
        storage: { status: storage, backend: this.storage.kind },
      },
    };
  }

  /** Liveness: the process answers; no dependency is asked, so a database outage never restarts every pod. */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up (no dependency checked)' })
  live() {
    return { status: 'ok' };
  }

  /** Readiness: what serving a request needs (database, queue, storage); mail is sent from the outbox later, so it is not asked. */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: database, queue and file storage answer (503 when one is down)' })
  async ready(@Res({ passthrough: true }) response: ServerResponse) {
    const [database, queue, storage] = await Promise.all([this.database(), this.queue(), this.files()]);
    const ok = database === 'up' && queue === 'up' && storage === 'up';
    response.statusCode = ok ? 200 : 503;
    return { status: ok ? 'ok' : 'unavailable', checks: { database, queue, storage } };
  }

  private database() {
    return probe(() => pingDatabase(this.orm.em.fork()));
  }

  private queue() {
    return probe(() => this.queues.ping());
  }

  private files() {
    return probe(() => this.storage.ping());
  }
}
