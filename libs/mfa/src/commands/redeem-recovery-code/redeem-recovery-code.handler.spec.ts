import { beforeEach, describe, expect, it } from '@jest/globals';
import { ElevateSessionCommand } from '#app/identity';
import { mfaKit, signedIn } from '../../testing/mfa-kit.js';
import type { Factor } from '../../repositories/mfa.repository.js';
import { RecoveryCodeStatusHandler } from '../../queries/recovery-code-status/recovery-code-status.handler.js';
import { RecoveryCodeStatusQuery } from '../../queries/recovery-code-status/recovery-code-status.query.js';
import { GenerateRecoveryCodesCommand } from '../generate-recovery-codes/generate-recovery-codes.command.js';
import { GenerateRecoveryCodesHandler } from '../generate-recovery-codes/generate-recovery-codes.handler.js';
import { RedeemRecoveryCodeCommand } from './redeem-recovery-code.command.js';
import { RedeemRecoveryCodeHandler } from './redeem-recovery-code.handler.js';

const IP = '203.0.113.5';
let kit: ReturnType<typeof mfaKit>;
let generate: GenerateRecoveryCodesHandler;
let redeem: RedeemRecoveryCodeHandler;
let status: RecoveryCodeStatusHandler;

const add = (id: string, status: Factor['status'], createdAt = kit.clock.now()) =>
  kit.repository.transaction((em) =>
    kit.repository.addFactor(em, {
      id,
      userId: 'user-1',
      friendlyName: id,
      status,
      secretEncrypted: 'sealed',
      lastChallengedAt: null,
      createdAt,
      updatedAt: createdAt,
    }),
  );
const newCodes = (aal: 'aal1' | 'aal2' = 'aal2') =>
  generate.execute(new GenerateRecoveryCodesCommand(signedIn('user-1', aal)));
const spend = (code: string) => redeem.execute(new RedeemRecoveryCodeCommand(signedIn('user-1'), code, IP));
const remaining = async () => (await status.execute(new RecoveryCodeStatusQuery('user-1'))).remaining;

beforeEach(async () => {
  kit = mfaKit();
  generate = new GenerateRecoveryCodesHandler(kit.repository, kit.clock);
  redeem = new RedeemRecoveryCodeHandler(kit.repository, kit.clock, kit.kit, kit.bus);
  status = new RecoveryCodeStatusHandler(kit.repository);
});

describe('recovery codes', () => {
  it('come as ten different codes from an aal2 session with 2FA on, and say when they were made', async () => {
    await add('totp', 'verified');
    const { codes } = await newCodes();
    expect(new Set(codes).size).toBe(10);
    expect(await status.execute(new RecoveryCodeStatusQuery('user-1'))).toEqual({
      remaining: 10,
      generatedAt: kit.clock.now().toISOString(),
    });
  });

  it('need aal2 and 2FA on', async () => {
    await expect(newCodes()).rejects.toMatchObject({ status: 422, code: 'mfa_not_enabled' });
    await add('totp', 'verified');
    await expect(newCodes('aal1')).rejects.toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect(await remaining()).toBe(0);
  });

  it('replace the earlier set: its codes stop working', async () => {
    await add('totp', 'verified');
    const first = await newCodes();
    await newCodes();
    await expect(spend(first.codes[0])).rejects.toMatchObject({ status: 400, code: 'invalid_recovery_code' });
    expect(await remaining()).toBe(10);
  });

  it('are spent once each, lifting the session to aal2 as the oldest verified factor', async () => {
    await add('newer', 'verified', new Date('2030-02-01T12:00:00.000Z'));
    await add('older', 'verified', new Date('2030-01-01T12:00:00.000Z'));
    const { codes } = await newCodes();
    expect(await spend(codes[3])).toEqual({ access_token: 'elevated' });
    expect(kit.commands.sent).toEqual([
      new ElevateSessionCommand('user-1', 'session-of-user-1', 'recovery_code', 'older'),
    ]);
    await expect(spend(codes[3])).rejects.toMatchObject({ code: 'invalid_recovery_code' });
    expect(await remaining()).toBe(9);
  });

  it('are refused without a verified factor, and five wrong ones block the user for a while', async () => {
    await expect(spend('whatever')).rejects.toMatchObject({ code: 'mfa_not_enabled' });
    await add('totp', 'verified');
    const { codes } = await newCodes();
    for (let n = 0; n < 4; n++) await expect(spend('not-a-code')).rejects.toMatchObject({ status: 400 });
    await expect(spend(codes[0])).rejects.toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await remaining()).toBe(10);
  });
});
