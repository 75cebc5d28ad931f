import { Injectable } from '@nestjs/common';

/** The one source of "now", so time-based rules can be tested without waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

export class FixedClock extends Clock {
  constructor(private current = new Date()) {
    super();
  }
  override now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
