import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StaffDecisions } from '#app/platform';
import { contentOwnerIds } from '../repositories/content-collaborators.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A content item belongs to its creator and to everyone featured in it: none of them decides about it. */
@Injectable()
export class ContentOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('content', async (em, id) => {
      if (!UUID.test(id)) return [];
      return contentOwnerIds(em, id);
    });
  }
}
