import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StaffDecisions } from '#app/platform';
import { submitterOf } from '../repositories/verification-submissions.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An ID verification belongs to the person who submitted it. */
@Injectable()
export class VerificationOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('verification', async (em, id) => {
      if (!UUID.test(id)) return [];
      return submitterOf(em, id);
    });
  }
}
