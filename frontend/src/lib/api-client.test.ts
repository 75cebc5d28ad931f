import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function mockFetch(status = 200, body: unknown = {}) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const authHeader = (fetchMock: ReturnType<typeof vi.fn>) =>
  (fetchMock.mock.calls[0][1] as RequestInit & { headers: Headers }).headers.get('Authorization');

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses adminToken for /api/admin paths and token elsewhere', async () => {
    localStorage.setItem('token', 'user-jwt');
    localStorage.setItem('adminToken', 'admin-jwt');

    const admin = mockFetch();
    await apiRequest('/api/admin/reports');
    expect(authHeader(admin)).toBe('Bearer admin-jwt');

    const user = mockFetch();
    await apiRequest('/api/verify-user/status');
    expect(authHeader(user)).toBe('Bearer user-jwt');
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = mockFetch();
    await apiRequest('/api/users/verify-email?token=t');
    expect(authHeader(fetchMock)).toBeNull();
  });

  it('throws ApiError with the body on non-2xx', async () => {
    mockFetch(400, { code: 'invalid_token', message: 'Token expired', error: 'Bad Request' });
    const error = (await apiRequest('/api/users/reset-password', { method: 'POST', json: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body?.code).toBe('invalid_token');
  });
});
