import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { RealtimePublisher, TopicPolicies, type TopicPolicy } from './realtime.ports.js';

// Placeholder until the /realtime/v1 transport lands (issue 22): records policies, delivers nothing.
@Injectable()
class PendingTopicPolicies extends TopicPolicies {
  readonly policies = new Map<string, TopicPolicy>();
  register(prefix: string, policy: TopicPolicy): void {
    if (this.policies.has(prefix)) throw new Error(`A realtime policy for '${prefix}:' is already registered`);
    this.policies.set(prefix, policy);
  }
}

@Injectable()
class PendingPublisher extends RealtimePublisher {
  private readonly logger = new Logger('Realtime');
  async publish(topic: string, event: string): Promise<void> {
    this.logger.debug(`${topic} ${event} (no transport yet)`);
  }
  async revoke(): Promise<void> {}
}

@Global()
@Module({
  providers: [
    { provide: TopicPolicies, useClass: PendingTopicPolicies },
    { provide: RealtimePublisher, useClass: PendingPublisher },
  ],
  exports: [TopicPolicies, RealtimePublisher],
})
export class RealtimeModule {}
