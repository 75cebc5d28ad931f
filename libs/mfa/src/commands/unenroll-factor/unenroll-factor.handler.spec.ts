import { beforeEach, describe, expect, it } from '@jest/globals';
import { DowngradeFactorSessionsCommand } from '#app/identity';
import { mfaKit, signedIn } from '../../testing/mfa-kit.js';
import type { Factor } from '../../repositories/mfa.repository.js';
import { UnenrollFactorCommand } from './unenroll-factor.command.js';
import { UnenrollFactorHandler } from './unenroll-factor.handler.js';

let kit: ReturnType<typeof mfaKit>;
let handler: UnenrollFactorHandler;

const add = (id: string, status: Factor['status'], userId = 'user-1') =>
  kit.repository.transaction((em) =>
    kit.repository.addFactor(em, {
      id,
      userId,
      friendlyName: id,
      status,
      secretEncrypted: 'sealed',
      lastChallengedAt: null,
      createdAt: kit.clock.now(),
      updatedAt: kit.clock.now(),
    }),
  );
const codes = () => kit.repository.transaction((em) => kit.repository.recoveryCodesOf(em, 'user-1'));
const unenroll = (factorId: string, aal: 'aal1' | 'aal2' = 'aal2', userId = 'user-1') =>
  handler.execute(new UnenrollFactorCommand(signedIn(userId, aal), factorId));
const ids = () => kit.repository.all().factors.map((factor) => factor.id);

beforeEach(async () => {
  kit = mfaKit();
  handler = new UnenrollFactorHandler(kit.repository, kit.kit, kit.bus);
  await add('totp', 'verified');
  await kit.repository.transaction((em) =>
    kit.repository.replaceRecoveryCodes(em, 'user-1', ['h1', 'h2'], kit.clock.now()),
  );
});

describe('unenrolling a factor', () => {
  it('removes the last verified factor from an aal2 session: 2FA is off, recovery codes go, the user is told, sessions drop to aal1', async () => {
    expect(await unenroll('totp')).toEqual({ id: 'totp' });
    expect(ids()).toEqual([]);
    expect(await codes()).toEqual([]);
    expect(kit.outbox.mailTemplates()).toEqual(['mfa-disabled']);
    expect(kit.commands.sent).toEqual([new DowngradeFactorSessionsCommand('user-1', ['totp'], true)]);
  });

  it('asks for aal2 to remove a verified factor, changing nothing', async () => {
    await expect(unenroll('totp', 'aal1')).rejects.toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect(ids()).toEqual(['totp']);
    expect(await codes()).toHaveLength(2);
    expect(kit.commands.sent).toEqual([]);
  });

  it('removes an unverified factor from an aal1 session, leaving 2FA on', async () => {
    await add('pending', 'unverified');
    await unenroll('pending', 'aal1');
    expect(ids()).toEqual(['totp']);
    expect(await codes()).toHaveLength(2);
    expect(kit.outbox.mailTemplates()).toEqual([]);
    expect(kit.commands.sent).toEqual([new DowngradeFactorSessionsCommand('user-1', ['pending'], false)]);
  });

  it('keeps 2FA on while another verified factor is left', async () => {
    await add('second', 'verified');
    await unenroll('totp');
    expect(ids()).toEqual(['second']);
    expect(await codes()).toHaveLength(2);
    expect(kit.outbox.mailTemplates()).toEqual([]);
  });

  it("answers another user's factor like a missing one", async () => {
    await expect(unenroll('totp', 'aal2', 'user-2')).rejects.toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
    expect(ids()).toEqual(['totp']);
  });
});
