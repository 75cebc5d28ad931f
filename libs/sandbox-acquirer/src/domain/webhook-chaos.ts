/** Test switches that make webhook delivery misbehave the way real networks sometimes do. */
export interface WebhookChaos {
  /** Deliver some events twice. */
  duplicates: boolean;
  /** Hold some events back, then send the held ones newest first. */
  out_of_order: boolean;
  /** Share of events each switch applies to, 0..1. */
  rate: number;
}

export const NO_CHAOS: WebhookChaos = { duplicates: false, out_of_order: false, rate: 0.5 };
