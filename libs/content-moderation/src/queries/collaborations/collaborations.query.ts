import { Query } from '@nestjs/cqrs';
import type { StoreName } from './store-names.query.js';

export interface CollaborationView {
  id: string;
  creatorId: string;
  creatorStore: StoreName | null;
  collaboratorId: string;
  collaboratorStore: StoreName | null;
  collaboratorVerified: boolean;
  status: 'requested' | 'approved' | 'rejected' | 'removed';
  message: string;
  canVideos: boolean;
  canAlbums: boolean;
  releaseForm: boolean;
  releaseFormUploadedAt: string | null;
  requestedAt: string;
  decidedAt: string | null;
}

/** Both sides of a user's collaborations: requests to them as a creator, and their own requests. */
export class MyCollaborationsQuery extends Query<{
  asCreator: CollaborationView[];
  asCollaborator: CollaborationView[];
}> {
  constructor(readonly userId: string) {
    super();
  }
}
