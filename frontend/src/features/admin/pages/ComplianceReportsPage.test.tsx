import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  bearerOf,
  json,
  MODERATOR,
  renderAdmin,
  resetAdminAuthMock,
  stubFetch,
  type AdminAuthMock,
} from '../test/admin-test-utils';
import { complianceReport } from '../test/moderation-fixtures';

const { auth } = vi.hoisted(() => ({ auth: {} as AdminAuthMock }));
vi.mock('../services/admin-auth-client', async () => {
  const { createAdminAuthMock } = await import('../test/admin-test-utils');
  Object.assign(auth, createAdminAuthMock());
  return { adminAuth: auth };
});

const CSV = 'case_id,kind,reason,subject_type,opened_at,due_at,resolved_at,outcome,deadline_breached\n';

describe('ComplianceReportsPage', () => {
  beforeEach(() => resetAdminAuthMock(auth));
  afterEach(() => vi.unstubAllGlobals());

  it('lists monthly reports and quarterly audits and downloads a CSV with the console bearer', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const fetchMock = stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/moderation/compliance-reports': () =>
        json({
          items: [
            complianceReport(),
            complianceReport({
              id: 'r-2',
              kind: 'quarterly',
              period: '2026-Q3',
              incidents: 2,
              summary: {
                zeroIncident: false,
                reports: { received: 9, resolvedOnTime: 8, deadlineBreaches: 1 },
                contentRemoved: 1,
                accountsActioned: 0,
              },
            }),
          ],
        }),
      'GET /api/admin/moderation/compliance-reports/r-1/csv': () =>
        new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    renderAdmin('/admin/compliance');
    const table = await screen.findByRole('table', { name: 'Compliance reports' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('October 2026')).toBeTruthy();
    expect(within(rows[0]).getByText('Monthly report')).toBeTruthy();
    expect(within(rows[0]).getAllByText('Zero incidents').length).toBeGreaterThan(0);
    expect(within(rows[0]).getByText('5 received')).toBeTruthy();
    expect(within(rows[1]).getByText('Q3 2026')).toBeTruthy();
    expect(within(rows[1]).getByText('Quarterly audit')).toBeTruthy();
    expect(within(rows[1]).getAllByText('2 incidents').length).toBeGreaterThan(0);
    expect(within(rows[1]).getByText('8 resolved on time · 1 missed')).toBeTruthy();

    await userEvent.setup().click(within(rows[0]).getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/moderation/compliance-reports/r-1/csv');
    expect(bearerOf(call?.[1])).toBe('Bearer admin-token');
    expect(clicked[0].download).toBe('fanmint-compliance-2026-10.csv');
    expect(clicked[0].href).toBe('blob:report');
    expect(created[0].size).toBe(CSV.length);
  });

  it('shows a failed download as a toast', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/me': () => json(ADMIN),
      'GET /api/admin/moderation/compliance-reports': () => json({ items: [complianceReport()] }),
      'GET /api/admin/moderation/compliance-reports/r-1/csv': () =>
        json({ code: 'not_found', message: 'Report not found' }, 404),
    });
    renderAdmin('/admin/compliance');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Download CSV/ }));
    expect(await screen.findByText('Download failed: Report not found')).toBeTruthy();
  });

  it('is not offered to moderators, and is refused by URL without calling the API', async () => {
    window.localStorage.setItem('adminToken', 'mod-token');
    const fetchMock = stubFetch({ 'GET /api/admin/me': () => json(MODERATOR) });
    renderAdmin('/admin/compliance');
    expect(await screen.findByText('This section is only available to admins.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Compliance reports' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Moderation cases' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/admin/me']);
  });
});
