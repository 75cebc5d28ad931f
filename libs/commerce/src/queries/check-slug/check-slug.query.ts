import { Query } from '@nestjs/cqrs';

export interface SlugAvailability {
  /** The address as it would be stored: trimmed and lower-cased. */
  slug: string;
  available: boolean;
  /** Why not, in words for the form; null when available. */
  reason: string | null;
}

/** Whether a store could open at this address now (format, reserved words, taken). */
export class CheckSlugQuery extends Query<SlugAvailability> {
  constructor(readonly slug: string) {
    super();
  }
}
