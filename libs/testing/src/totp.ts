import { execFileSync } from 'node:child_process';
import { waitFor } from './wait.js';

export const OATHTOOL = process.env.OATHTOOL_PATH || '/usr/bin/oathtool';
const TOTP_STEP_MS = 30_000;

/** The last TOTP time step used per secret: the server accepts each code only once per factor. */
const usedSteps = new Map<string, number>();

/** Records that a code of this step was spent (e.g. by staffSession), so freshTotp waits for the next. */
export function markTotpStepUsed(secret: string, at: Date): void {
  usedSteps.set(secret, Math.max(usedSteps.get(secret) ?? -1, Math.floor(at.getTime() / TOTP_STEP_MS)));
}

/**
 * A code for `secret` from Debian's oathtool (an implementation independent of ours), from a time step
 * not used before for this secret. The server accepts ±1 step of clock skew, so when the current step was
 * used the code of the next one is given at once; only when that one was used too does it wait for the clock.
 */
export async function freshTotp(secret: string): Promise<string> {
  const used = usedSteps.get(secret) ?? -1;
  const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);
  // Step used+1 is accepted once the server's clock is at most one step before it.
  await waitFor(() => used <= currentStep(), {
    timeoutMs: 2 * TOTP_STEP_MS,
    intervalMs: 100,
    what: 'an unused TOTP time step',
  });
  const step = Math.max(used + 1, currentStep());
  usedSteps.set(secret, step);
  // The start of the chosen step, so the code is that step's code.
  const code = execFileSync(OATHTOOL, ['--totp', '--base32', `--now=@${(step * TOTP_STEP_MS) / 1000}`, secret], {
    encoding: 'utf8',
  }).trim();
  if (!/^\d{6}$/.test(code)) throw new Error(`oathtool printed ${code}`);
  return code;
}
