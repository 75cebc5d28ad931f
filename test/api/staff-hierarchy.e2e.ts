import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  changeRole,
  freshTotp,
  signedInUser,
  staffSession,
  startTestPlatform,
  type StaffSession,
  type TestPlatform,
} from '#app/testing';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null,
  };
}

const disableMfa = (actor: StaffSession, targetId: string) =>
  call('DELETE', `/api/admin/users/${targetId}/mfa`, actor.token, {
    reason: 'Verified by passport video call, ticket 4711',
  });
const verifiedFactors = async (userId: string) =>
  (
    await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from mfa_factors where user_id = ? and status = 'verified'`,
        [userId],
      )
  )[0].n;

describe('staff act on accounts below their own role, never on their own', () => {
  let moderator: StaffSession;
  let otherModerator: StaffSession;
  let admin: StaffSession;
  let otherAdmin: StaffSession;

  beforeAll(async () => {
    [moderator, otherModerator, admin, otherAdmin] = [
      await staffSession(platform, 'moderator'),
      await staffSession(platform, 'moderator'),
      await staffSession(platform, 'admin'),
      await staffSession(platform, 'admin'),
    ];
  });

  it('a moderator cannot disable an admin’s or another moderator’s 2FA, nor their own, but can a user’s', async () => {
    const toAdmin = await disableMfa(moderator, admin.userId);
    expect(toAdmin).toEqual({
      status: 403,
      body: expect.objectContaining({
        code: 'staff_hierarchy',
        message: 'A moderator can act only on users, not on an admin',
      }),
    });
    expect(await verifiedFactors(admin.userId)).toBe(1);
    expect((await disableMfa(moderator, otherModerator.userId)).body).toMatchObject({ code: 'staff_hierarchy' });
    expect(await verifiedFactors(otherModerator.userId)).toBe(1);
    expect(await disableMfa(moderator, moderator.userId)).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'own_account' }),
    });
    expect(await verifiedFactors(moderator.userId)).toBe(1);

    const user = await staffSession(platform, 'moderator');
    await changeRole(platform, user.userId, 'creator');
    expect((await disableMfa(moderator, user.userId)).status).toBe(200);
    expect(await verifiedFactors(user.userId)).toBe(0);
  });

  it('an admin can disable a moderator’s 2FA, but not another admin’s or their own', async () => {
    expect(await disableMfa(admin, otherAdmin.userId)).toEqual({
      status: 403,
      body: expect.objectContaining({
        code: 'staff_hierarchy',
        message: 'An admin can act only on moderators and users, not on an admin',
      }),
    });
    expect(await verifiedFactors(otherAdmin.userId)).toBe(1);
    expect((await disableMfa(admin, admin.userId)).body).toMatchObject({ code: 'own_account' });
    expect(await verifiedFactors(admin.userId)).toBe(1);
    expect((await disableMfa(admin, otherModerator.userId)).status).toBe(200);
    expect(await verifiedFactors(otherModerator.userId)).toBe(0);
  });
});

describe('the console’s user list says per row whether the signed-in staff member may act', () => {
  it('marks other admins and the admin’s own row as not manageable, with the code an action would get', async () => {
    const admin = await staffSession(platform, 'admin');
    const otherAdmin = await staffSession(platform, 'admin');
    const moderator = await staffSession(platform, 'moderator');
    const fan = await signedInUser(platform);
    const rowOf = async (userId: string) => {
      const { status, body } = await call('GET', `/api/admin/users?q=${userId}`, admin.token);
      expect(status).toBe(200);
      const [row] = (body as unknown as { items: { id: string; canManage: boolean; manageRefusal: string | null }[] })
        .items;
      return { id: row.id, canManage: row.canManage, manageRefusal: row.manageRefusal };
    };
    expect(await rowOf(admin.userId)).toEqual({ id: admin.userId, canManage: false, manageRefusal: 'own_account' });
    expect(await rowOf(otherAdmin.userId)).toEqual({
      id: otherAdmin.userId,
      canManage: false,
      manageRefusal: 'staff_hierarchy',
    });
    expect(await rowOf(moderator.userId)).toEqual({ id: moderator.userId, canManage: true, manageRefusal: null });
    expect(await rowOf(fan.session.user.id)).toEqual({ id: fan.session.user.id, canManage: true, manageRefusal: null });

    // The role change answers with the row as it now stands: making an admin waits for a second admin, then the new admin is out of reach.
    const requested = await call('PUT', `/api/admin/users/${moderator.userId}/role`, admin.token, { role: 'admin' });
    expect(requested).toEqual({
      status: 200,
      body: expect.objectContaining({
        role: 'moderator',
        canManage: true,
        pendingAdminGrant: expect.objectContaining({ requestedBy: admin.userId }),
      }),
    });
    const promoted = await call('PUT', `/api/admin/users/${moderator.userId}/role`, otherAdmin.token, {
      role: 'admin',
    });
    expect(promoted).toEqual({
      status: 200,
      body: expect.objectContaining({
        role: 'admin',
        canManage: false,
        manageRefusal: 'staff_hierarchy',
        pendingAdminGrant: null,
      }),
    });
  });
});

describe('the staff guard goes by the session and the role in the database, not the token', () => {
  it('ends console access at once when the staff member’s own 2FA is removed', async () => {
    const staff = await staffSession(platform, 'moderator');
    expect((await call('GET', '/api/admin/me', staff.token)).status).toBe(200);
    const factorId = (await staff.client.mfa.listFactors()).data!.totp[0].id;
    expect((await staff.client.mfa.unenroll({ factorId })).error).toBeNull();
    // The same access token, unexpired and still claiming aal2.
    const after = await call('GET', '/api/admin/me', staff.token);
    expect(after).toEqual({ status: 403, body: expect.objectContaining({ code: 'insufficient_aal' }) });
    expect((await call('GET', '/api/admin/moderation/cases', staff.token)).status).toBe(403);
  });

  it('ends console access at once when a support colleague disables the 2FA or an admin removes the role', async () => {
    const admin = await staffSession(platform, 'admin');
    const moderator = await staffSession(platform, 'moderator');
    expect((await disableMfa(admin, moderator.userId)).status).toBe(200);
    expect((await call('GET', '/api/admin/me', moderator.token)).body).toMatchObject({ code: 'insufficient_aal' });

    const other = await staffSession(platform, 'moderator');
    expect((await call('PUT', `/api/admin/users/${other.userId}/role`, admin.token, { role: 'fan' })).status).toBe(200);
    expect((await call('GET', '/api/admin/me', other.token)).body).toMatchObject({ code: 'forbidden' });
  });

  it('lets the staff member back in after a new second factor', async () => {
    const staff = await staffSession(platform, 'moderator');
    const factorId = (await staff.client.mfa.listFactors()).data!.totp[0].id;
    await staff.client.mfa.unenroll({ factorId });
    const enrolled = await staff.client.mfa.enroll({ factorType: 'totp', friendlyName: 'New phone' });
    const challenge = await staff.client.mfa.challenge({ factorId: enrolled.data!.id });
    const verified = await staff.client.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: await freshTotp(enrolled.data!.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect((await call('GET', '/api/admin/me', verified.data!.access_token)).status).toBe(200);
  });
});
