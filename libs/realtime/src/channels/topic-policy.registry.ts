import { Injectable } from '@nestjs/common';
import { TopicPolicies, type TopicPolicy } from '../realtime.ports.js';

/** Prefixes whose rule this module keeps (contract §6). */
export const OWN_PREFIXES = ['user', 'staff'] as const;

/** The policies other modules registered, by prefix (`conversation` from messaging). */
@Injectable()
export class TopicPolicyRegistry extends TopicPolicies {
  private readonly policies = new Map<string, TopicPolicy>();

  register(prefix: string, policy: TopicPolicy): void {
    if (!/^[a-z][a-z0-9_-]*$/.test(prefix))
      throw new Error(`A realtime topic prefix is lower-case letters, digits, '_' and '-': '${prefix}'`);
    if ((OWN_PREFIXES as readonly string[]).includes(prefix) || this.policies.has(prefix))
      throw new Error(`A realtime policy for '${prefix}:' is already registered`);
    this.policies.set(prefix, policy);
  }

  prefixes(): string[] {
    return [...OWN_PREFIXES, ...this.policies.keys()];
  }

  find(prefix: string): TopicPolicy | undefined {
    return this.policies.get(prefix);
  }
}
