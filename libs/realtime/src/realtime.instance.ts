import { randomUUID } from 'node:crypto';

/** This process's identity on the bus and in the presence store. */
export class RealtimeInstance {
  readonly id = randomUUID();
}
