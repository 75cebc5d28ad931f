import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { useQueueView } from '../../hooks/use-queue-view';
import { ConsoleQueue, type QueueColumn, type QueueList, type QueueTab } from './ConsoleQueue';
import { QueueLink } from './QueueCells';

interface Row {
  id: string;
  name: string;
  city: string;
}

const TABS: QueueTab<'open' | 'done'>[] = [
  { value: 'open', label: 'Open', empty: 'Nothing is open.', rule: 'Open rows are worked within a day.' },
  { value: 'done', label: 'Done', empty: 'Nothing is done yet.' },
];

const COLUMNS: QueueColumn<Row>[] = [
  { header: 'Name', clip: true, cell: (row) => <QueueLink to={`/rows/${row.id}`}>{row.name}</QueueLink> },
  { header: 'City', wide: true, title: (row) => `Lives in ${row.city}`, cell: (row) => row.city },
];

const ROWS: Row[] = [
  { id: 'a', name: 'Ada', city: 'London' },
  { id: 'b', name: 'Grace', city: 'New York' },
];

function list(overrides: Partial<QueueList<Row>> = {}): QueueList<Row> {
  return { data: ROWS, isPending: false, isFetching: false, error: null, refetch: vi.fn(), ...overrides };
}

/** A page as the console's pages use the queue: the tab from the address, the list and columns its own. */
function QueuePage({ rows }: { rows: QueueList<Row> }) {
  const [view, setView] = useQueueView('state', TABS);
  return (
    <ConsoleQueue
      title="Rows"
      description="Every row, oldest first."
      tabs={TABS}
      view={view}
      onViewChange={setView}
      list={rows}
      items={rows.data ?? []}
      label={`${view} rows`}
      columns={COLUMNS}
      href={(row) => `/rows/${row.id}`}
    />
  );
}

function renderQueue(rows: QueueList<Row>, path = '/rows') {
  return renderRoutes(
    [
      { path: '/rows', element: <QueuePage rows={rows} /> },
      { path: '/rows/:id', element: <p>Row page</p> },
    ],
    path,
  );
}

describe('ConsoleQueue', () => {
  it('shows the header, the tabs with the count of the one shown, its rule and the rows in the given order', () => {
    renderQueue(list());
    expect(screen.getByRole('heading', { name: 'Rows', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Open (2)', 'Done']);
    expect(screen.getByRole('tab', { name: 'Open (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Open rows are worked within a day.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'open rows' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0].textContent).toBe('NameCity');
    expect(rows.slice(1).map((row) => within(row).getByRole('link').textContent)).toEqual(['Ada', 'Grace']);
    expect(within(rows[1]).getByTitle('Lives in London').textContent).toBe('London');
  });

  it('keeps the chosen tab in the address, the first tab leaving it bare', async () => {
    const { router } = renderQueue(list());
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Done' }));
    expect(router.state.location.search).toBe('?state=done');
    expect(screen.queryByText('Open rows are worked within a day.')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Open' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens the tab the address names', () => {
    renderQueue(list(), '/rows?state=done');
    expect(screen.getByRole('tab', { name: 'Done (2)' }).getAttribute('aria-selected')).toBe('true');
  });

  it('falls back to the first tab for a view it does not know', () => {
    renderQueue(list(), '/rows?state=archived');
    expect(screen.getByRole('tab', { name: 'Open (2)' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the detail page from a click anywhere on the row and from its link', async () => {
    const { router } = renderQueue(list());
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: 'Grace' }).getAttribute('href')).toBe('/rows/b');
    await user.click(screen.getByText('New York'));
    expect(router.state.location.pathname).toBe('/rows/b');
  });

  it("says the tab's empty text when the list is empty, and shows no table", () => {
    renderQueue(list({ data: [] }));
    expect(screen.getByText('Nothing is open.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Open (0)' })).toBeTruthy();
  });

  it('shows a loader while the list loads, with no count and no empty text', () => {
    renderQueue(list({ data: undefined, isPending: true }));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByText('Nothing is open.')).toBeNull();
  });

  it('shows a failed load with a retry, and refreshes on demand', async () => {
    const refetch = vi.fn();
    renderQueue(list({ data: undefined, error: new Error('The server is down'), refetch }));
    const user = userEvent.setup();
    expect(screen.getByRole('alert').textContent).toContain('The server is down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
