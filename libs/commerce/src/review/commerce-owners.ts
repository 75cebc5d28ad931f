import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StaffDecisions } from '#app/platform';
import { purchaseParties, storeOwnersById, storeOwnersBySlug } from './commerce-owners.queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A store belongs to its owner (cases name it by id or slug); a purchase to its buyer, its seller and the referrer paid from it. */
@Injectable()
export class CommerceOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('store', async (em, id) => {
      return UUID.test(id) ? storeOwnersById(em, id) : storeOwnersBySlug(em, id);
    });
    this.decisions.registerOwners('purchase', async (em, id) => {
      if (!UUID.test(id)) return [];
      return purchaseParties(em, id);
    });
  }
}
