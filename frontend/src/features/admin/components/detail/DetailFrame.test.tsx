import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { renderAt } from '../../../../test/render';
import { DetailFrame, type DetailParts, type DetailQuery } from './DetailFrame';

interface Subject {
  name: string;
}

const parts = (subject: Subject, extra: Partial<DetailParts> = {}): DetailParts => ({
  title: subject.name,
  status: <span>Open</span>,
  meta: <span>submitted 3 h ago</span>,
  actions: <button type="button">Claim</button>,
  facts: <table aria-label="Facts" />,
  ...extra,
});

function query(overrides: Partial<DetailQuery<Subject>> = {}): DetailQuery<Subject> {
  return { data: { name: 'Ada Lovelace' }, isPending: false, error: null, refetch: vi.fn(), ...overrides };
}

const columnOf = (element: Element) => element.closest('.mantine-Grid-col');

describe('DetailFrame', () => {
  it('links back to the queue and shows the header, its status and meta, the actions and the facts', () => {
    renderAt(
      <DetailFrame
        back={{ to: '/queue?status=done', label: 'The queue' }}
        query={query()}
        render={(subject) => parts(subject)}
      />,
    );
    expect(screen.getByRole('link', { name: 'The queue' }).getAttribute('href')).toBe('/queue?status=done');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('submitted 3 h ago')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Facts' })).toBeTruthy();
  });

  it('puts the facts under the actions beside the evidence, and in the wide column with the note when there is none', () => {
    const { unmount } = renderAt(
      <DetailFrame
        back={{ to: '/q', label: 'Queue' }}
        query={query()}
        render={(subject) => parts(subject, { evidence: <img alt="ID document" /> })}
      />,
    );
    expect(columnOf(screen.getByRole('table', { name: 'Facts' }))).toBe(
      columnOf(screen.getByRole('button', { name: 'Claim' })),
    );
    expect(columnOf(screen.getByRole('img', { name: 'ID document' }))).not.toBe(
      columnOf(screen.getByRole('button', { name: 'Claim' })),
    );
    unmount();

    renderAt(
      <DetailFrame
        back={{ to: '/q', label: 'Queue' }}
        query={query()}
        render={(subject) => parts(subject, { note: <p>Resolving is audited.</p> })}
      />,
    );
    const facts = columnOf(screen.getByRole('table', { name: 'Facts' }));
    expect(facts).not.toBe(columnOf(screen.getByRole('button', { name: 'Claim' })));
    expect(columnOf(screen.getByText('Resolving is audited.'))).toBe(facts);
  });

  it('shows a loader until the record arrives, and renders nothing of it before', () => {
    const render = vi.fn(parts);
    renderAt(
      <DetailFrame
        back={{ to: '/q', label: 'Queue' }}
        query={query({ data: undefined, isPending: true })}
        render={render}
      />,
    );
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Queue' })).toBeTruthy();
    expect(render).not.toHaveBeenCalled();
  });

  it('says a missing record is not there, and offers a retry for any other failure', async () => {
    const { unmount } = renderAt(
      <DetailFrame
        back={{ to: '/q', label: 'Queue' }}
        query={query({ data: undefined, error: new ApiError(404, { message: 'Not found' }) })}
        render={parts}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Nothing here');
    unmount();

    const refetch = vi.fn();
    renderAt(
      <DetailFrame
        back={{ to: '/q', label: 'Queue' }}
        query={query({ data: undefined, error: new Error('Timed out'), refetch })}
        render={parts}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
