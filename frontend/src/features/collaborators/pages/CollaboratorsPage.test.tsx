import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { pageAt } from '../../../test/page-at';
import { json, stubFetch } from '../../../test/mock-auth';
import type { Collaboration, MyCollaborations } from '../services/collaborations.service';

const entry = (fields: Partial<Collaboration> & Pick<Collaboration, 'id'>): Collaboration => ({
  creatorId: 'me',
  creatorStore: { name: 'My Studio', slug: 'my-studio' },
  collaboratorId: `user-${fields.id}`,
  collaboratorStore: { name: `${fields.id[0].toUpperCase()}${fields.id.slice(1)} Studio`, slug: `${fields.id}-studio` },
  collaboratorVerified: true,
  status: 'requested',
  message: '',
  canVideos: false,
  canAlbums: false,
  releaseForm: false,
  releaseFormUploadedAt: null,
  requestedAt: '2026-05-02T10:30:00.000Z',
  decidedAt: null,
  ...fields,
});

const REQUEST = entry({ id: 'alex', collaboratorVerified: false, message: 'Shall we shoot the beach set together?' });
const COLLABORATOR = entry({ id: 'sam', status: 'approved', canVideos: true, decidedAt: '2026-05-03T09:00:00.000Z' });
const MY_REQUEST = entry({
  id: 'mine',
  creatorId: 'other',
  creatorStore: { name: 'Golden Studio', slug: 'golden' },
  collaboratorId: 'me',
});

type Call = { method: string; path: string; body: unknown };

/** A small collaborations server: answers like the controller (every write returns the whole list). */
function collaborationsServer(launchPhase: 'prelaunch' | 'live' = 'live', refuseUpload?: Response) {
  const list: MyCollaborations = { asCreator: [REQUEST, COLLABORATOR], asCollaborator: [MY_REQUEST] };
  const calls: Call[] = [];
  const update = (id: string, change: Partial<Collaboration>) => {
    list.asCreator = list.asCreator.map((item) => (item.id === id ? { ...item, ...change } : item));
    return json(list);
  };
  const record = (method: string, path: string, init?: RequestInit) => {
    const raw = init?.body;
    calls.push({ method, path, body: typeof raw === 'string' ? JSON.parse(raw) : raw });
  };
  const handlers: Parameters<typeof stubFetch>[0] = {
    'GET /api/config': () => json({ launchPhase }),
    'GET /api/collaborations': () => json(list),
  };
  for (const id of ['alex', 'sam']) {
    const base = `/api/collaborations/${id}`;
    handlers[`POST ${base}/approve`] = (init) => {
      record('POST', `${base}/approve`, init);
      return update(id, { status: 'approved', ...(JSON.parse(init?.body as string) as object) });
    };
    handlers[`POST ${base}/reject`] = (init) => {
      record('POST', `${base}/reject`, init);
      return update(id, { status: 'rejected' });
    };
    handlers[`POST ${base}/remove`] = (init) => {
      record('POST', `${base}/remove`, init);
      list.asCreator = list.asCreator.filter((item) => item.id !== id);
      return json(list);
    };
    handlers[`PUT ${base}/permissions`] = (init) => {
      record('PUT', `${base}/permissions`, init);
      return update(id, JSON.parse(init?.body as string) as Partial<Collaboration>);
    };
    handlers[`POST ${base}/release-form`] = (init) => {
      record('POST', `${base}/release-form`, init);
      if (refuseUpload) return refuseUpload;
      return update(id, { releaseForm: true, releaseFormUploadedAt: '2026-05-04T12:00:00.000Z' });
    };
  }
  const fetchMock = stubFetch(handlers);
  return { calls, fetchMock };
}

async function renderRoute(path = '/dashboard/collaborators') {
  const Page = await pageAt(path);
  return renderAt(<Page />, path);
}

const item = (name: string) => screen.findByRole('article', { name });
const fileInput = (article: HTMLElement) =>
  article.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

describe('Collaborators page', () => {
  beforeEach(() => window.localStorage.setItem('token', 'user-token'));
  afterEach(() => vi.unstubAllGlobals());

  it.each(['/dashboard/collaborators', '/dashboard/demo-page-testing'])(
    '%s keeps the locked preview before launch',
    async (path) => {
      const { fetchMock } = collaborationsServer('prelaunch');
      await renderRoute(path);
      expect(await screen.findByText('Available at launch')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Collaborators' })).toBeTruthy();
      expect(fetchMock.mock.calls.some(([input]) => input === '/api/collaborations')).toBe(false);
    },
  );

  it.each(['/dashboard/collaborators', '/dashboard/demo-page-testing'])(
    '%s shows the real page when live',
    async (path) => {
      collaborationsServer('live');
      await renderRoute(path);

      const request = await item('Alex Studio');
      expect(within(request).getByText('Not verified')).toBeTruthy();
      expect(within(request).getByText('Shall we shoot the beach set together?')).toBeTruthy();
      expect(within(request).getByText(/^Requested .*2026/)).toBeTruthy();
      expect(screen.getByText('1 pending')).toBeTruthy();

      const collaborator = await item('Sam Studio');
      expect(within(collaborator).getByText('Verified')).toBeTruthy();
      expect(within(collaborator).getByRole<HTMLInputElement>('switch', { name: 'Videos' }).checked).toBe(true);
      expect(within(collaborator).getByRole<HTMLInputElement>('switch', { name: 'Photo albums' }).checked).toBe(false);
      expect(within(collaborator).getByText('No release form')).toBeTruthy();

      const mine = await item('Golden Studio');
      expect(within(mine).getByText('Pending')).toBeTruthy();

      const rules = screen.getByRole('region', { name: 'Who may appear in your content' });
      expect(within(rules).getByText(/be verified/)).toBeTruthy();
      expect(within(rules).getByText(/permission for that kind of content/)).toBeTruthy();
      expect(within(rules).getByText(/signed release form/)).toBeTruthy();
      expect(within(rules).getByText('Otherwise the content is rejected at review.')).toBeTruthy();
      expect(screen.queryByText('Available at launch')).toBeNull();
      await waitFor(() => expect(document.title).toBe('Collaborators | Fanmint'));
    },
  );

  it('approves a request with the chosen permissions', async () => {
    const { calls } = collaborationsServer();
    await renderRoute();
    const user = userEvent.setup();
    await user.click(within(await item('Alex Studio')).getByRole('button', { name: 'Approve Alex Studio' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve collaboration request' });
    expect(within(dialog).getByText('Not verified yet')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Photo albums' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Request approved')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/collaborations/alex/approve', body: { canVideos: true, canAlbums: false } },
    ]);
    const approved = await item('Alex Studio');
    expect(within(approved).getByRole('button', { name: 'Remove Alex Studio' })).toBeTruthy();
    expect(screen.getByText(/No pending requests/)).toBeTruthy();
  });

  it('rejects a request after confirming', async () => {
    const { calls } = collaborationsServer();
    await renderRoute();
    const user = userEvent.setup();
    await user.click(within(await item('Alex Studio')).getByRole('button', { name: 'Reject Alex Studio' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject collaboration request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(within(await item('Alex Studio')).getByRole('button', { name: 'Reject Alex Studio' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reject collaboration request?' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    expect(await screen.findByText('Request rejected')).toBeTruthy();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/collaborations/alex/reject']);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Alex Studio' })).toBeNull());
  });

  it('saves a permission as soon as it is switched', async () => {
    const { calls } = collaborationsServer();
    await renderRoute();
    const user = userEvent.setup();
    const collaborator = await item('Sam Studio');
    await user.click(within(collaborator).getByRole('switch', { name: 'Photo albums' }));

    expect(await screen.findByText('Permissions saved')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/collaborations/sam/permissions', body: { canVideos: true, canAlbums: true } },
    ]);
    expect(within(collaborator).getByRole<HTMLInputElement>('switch', { name: 'Photo albums' }).checked).toBe(true);
  });

  it('uploads a release form as multipart (field releaseForm)', async () => {
    const { calls, fetchMock } = collaborationsServer();
    await renderRoute();
    const user = userEvent.setup();
    const collaborator = await item('Sam Studio');
    const file = new File(['%PDF-1.7 signed'], 'release.pdf', { type: 'application/pdf' });
    expect(fileInput(collaborator).accept).toBe('application/pdf,image/jpeg,image/png');
    await user.upload(fileInput(collaborator), file);

    expect(await screen.findByText('Release form uploaded')).toBeTruthy();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/collaborations/sam/release-form']);
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('releaseForm') as File;
    expect(sent.name).toBe('release.pdf');
    expect(sent.type).toBe('application/pdf');
    expect(sent.size).toBe(file.size);
    const init = fetchMock.mock.calls.find(([input]) => input === '/api/collaborations/sam/release-form')?.[1];
    // No JSON content type: the browser writes the multipart boundary.
    expect((init?.headers as Headers).get('Content-Type')).toBeNull();
    expect(within(collaborator).getByText('Release form on file')).toBeTruthy();
    expect(within(collaborator).getByText(/uploaded .*2026/)).toBeTruthy();
    expect(within(collaborator).getByRole('button', { name: 'Replace release form for Sam Studio' })).toBeTruthy();
  });

  it("shows the server's message when it refuses the file (415)", async () => {
    const message = 'A release form must be a PDF, JPEG or PNG file';
    const { calls } = collaborationsServer(
      'live',
      json({ code: 'unsupported_file', message, error: 'Unsupported Media Type' }, 415),
    );
    await renderRoute();
    const user = userEvent.setup();
    const collaborator = await item('Sam Studio');
    await user.upload(
      fileInput(collaborator),
      new File(['not really a pdf'], 'release.pdf', { type: 'application/pdf' }),
    );

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(within(collaborator).getByRole('alert').textContent).toBe(message);
    expect(calls).toHaveLength(1);
    expect(within(collaborator).getByText('No release form')).toBeTruthy();
  });

  it('checks the type and the 10 MB limit before uploading', async () => {
    const { calls } = collaborationsServer();
    await renderRoute();
    const collaborator = await item('Sam Studio');
    const big = new File(['x'], 'release.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(fileInput(collaborator), { target: { files: [big] } });
    expect(within(collaborator).getByRole('alert').textContent).toBe('A release form can be at most 10 MB');

    fireEvent.change(fileInput(collaborator), {
      target: { files: [new File(['x'], 'release.docx', { type: 'application/msword' })] },
    });
    expect(within(collaborator).getByRole('alert').textContent).toBe('A release form must be a PDF, JPEG or PNG file');
    expect(calls).toEqual([]);
  });

  it('removes a collaborator after confirming', async () => {
    const { calls } = collaborationsServer();
    await renderRoute();
    const user = userEvent.setup();
    await user.click(within(await item('Sam Studio')).getByRole('button', { name: 'Remove Sam Studio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove collaborator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Collaborator removed')).toBeTruthy();
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/collaborations/sam/remove']);
    expect(await screen.findByText(/No collaborators yet/)).toBeTruthy();
  });

  it("shows the server's message when a decision is refused", async () => {
    collaborationsServer();
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/reject')
        ? json({ code: 'not_pending', message: 'Only a pending request can be approved or rejected' }, 409)
        : original!(input, init),
    );
    await renderRoute();
    const user = userEvent.setup();
    await user.click(within(await item('Alex Studio')).getByRole('button', { name: 'Reject Alex Studio' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reject collaboration request?' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    expect(await screen.findByText('Only a pending request can be approved or rejected')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reject collaboration request?' })).toBeTruthy();
  });
});
