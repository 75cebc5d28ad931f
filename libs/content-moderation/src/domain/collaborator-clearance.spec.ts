import { collaboratorProblems, type CollaboratorFacts } from './collaborator-clearance.js';

const cleared: CollaboratorFacts = {
  collaboratorId: 'u1',
  email: 'sam@example.test',
  verified: true,
  listed: { canVideos: true, canAlbums: false, releaseForm: true },
};

describe('collaborator clearance', () => {
  it('clears a verified, listed collaborator with permission and a release form', () => {
    expect(collaboratorProblems('video', [cleared])).toEqual([]);
    expect(collaboratorProblems('album', [])).toEqual([]);
  });

  it('names every problem', () => {
    expect(collaboratorProblems('album', [cleared])).toEqual([
      'Featured collaborator sam@example.test has not given permission for photo albums',
    ]);
    expect(collaboratorProblems('video', [{ ...cleared, verified: false, listed: null }])).toEqual([
      'Featured collaborator sam@example.test has not verified their identity',
      "Featured collaborator sam@example.test is not on the creator's collaborator list",
    ]);
    expect(
      collaboratorProblems('video', [{ ...cleared, listed: { canVideos: true, canAlbums: true, releaseForm: false } }]),
    ).toEqual(['No release form is on file for featured collaborator sam@example.test']);
  });
});
