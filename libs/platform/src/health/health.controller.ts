import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ServerResponse } from 'node:http';
import { QueueFactory } from '../messaging/queue-factory.js';
import { MailTransport } from '../mail/mail-transport.js';

type Check = 'up' | 'down';

async function probe(fn: () => Promise<unknown>, timeoutMs = 5000): Promise<Check> {
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref())]);
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
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) response: ServerResponse) {
    const [database, queue, mail] = await Promise.all([
      probe(() => this.orm.em.fork().execute('select 1')),
      probe(() => this.queues.ping()),
      probe(() => this.mail.ping()),
    ]);
    const ok = database === 'up' && queue === 'up' && mail === 'up';
    response.statusCode = ok ? 200 : 503;
    return {
      status: ok ? 'ok' : 'degraded',
      checks: { database, queue: { status: queue, backend: this.queues.kind }, mail },
    };
  }
}
