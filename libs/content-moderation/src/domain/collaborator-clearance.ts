import type { ContentKind } from '../entities/content-item.entity.js';

export interface CollaboratorFacts {
  collaboratorId: string;
  email: string | null;
  verified: boolean;
  /** The approved entry on the creator's list, if any. */
  listed: { canVideos: boolean; canAlbums: boolean; releaseForm: boolean } | null;
}

/**
 * SPEC §5 and the card-network rule: everyone featured in an item must be identity-verified, on
 * the creator's collaborator list with permission for this kind of content, and have a release
 * form on file. Returns one reason per problem (empty when the item may be approved).
 */
export function collaboratorProblems(kind: ContentKind, people: CollaboratorFacts[]): string[] {
  const problems: string[] = [];
  for (const person of people) {
    const who = person.email ?? person.collaboratorId;
    if (!person.verified) problems.push(`Featured collaborator ${who} has not verified their identity`);
    if (!person.listed) {
      problems.push(`Featured collaborator ${who} is not on the creator's collaborator list`);
      continue;
    }
    if (kind === 'video' && !person.listed.canVideos)
      problems.push(`Featured collaborator ${who} has not given permission for videos`);
    if (kind === 'album' && !person.listed.canAlbums)
      problems.push(`Featured collaborator ${who} has not given permission for photo albums`);
    if (!person.listed.releaseForm) problems.push(`No release form is on file for featured collaborator ${who}`);
  }
  return problems;
}
