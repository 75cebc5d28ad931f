import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StaffDecisions } from '#app/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A store belongs to its owner (cases name it by id or slug); a purchase to its buyer, its seller and the referrer paid from it. */
@Injectable()
export class CommerceOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('store', async (em, id) => {
      const rows = await em.execute<{ owner_id: string }[]>(UUID.test(id) ? `select owner_id from stores where id = ?` : `select owner_id from stores where slug = lower(?)`, [id]);
      return rows.map((row) => row.owner_id);
    });
    this.decisions.registerOwners('purchase', async (em, id) => {
      if (!UUID.test(id)) return [];
      const rows = await em.execute<{ buyer_id: string; creator_id: string; referrer_id: string | null }[]>(`select buyer_id, creator_id, referrer_id from purchases where id = ?`, [id]);
      return rows.flatMap((row) => [row.buyer_id, row.creator_id, row.referrer_id]);
    });
  }
}
