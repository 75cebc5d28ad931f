import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StaffDecisions } from '#app/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A content item belongs to its creator and to everyone featured in it: none of them decides about it. */
@Injectable()
export class ContentOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('content', async (em, id) => {
      if (!UUID.test(id)) return [];
      const rows = await em.execute<{ owner: string }[]>(
        `select creator_id as owner from content_items where id = ? union select collaborator_id from content_collaborators where content_id = ?`,
        [id, id],
      );
      return rows.map((row) => row.owner);
    });
  }
}
