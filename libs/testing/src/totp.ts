import { execFileSync } from 'node:child_process';

export const OATHTOOL = process.env.OATHTOOL_PATH || '/usr/bin/oathtool';
const TOTP_STEP_MS = 30_000;

/** The last TOTP time step used per secret: the server accepts each code only once per factor. */
const usedSteps = new Map<string, number>();

/** Records that a code of this step was spent (e.g. by staffSession), so freshTotp waits for the next. */
export function markTotpStepUsed(secret: string, at: Date): void {
  usedSteps.set(secret, Math.max(usedSteps.get(secret) ?? -1, Math.floor(at.getTime() / TOTP_STEP_MS)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A current code for `secret` from Debian's oathtool (an implementation independent of ours), from
 * a time step not used before for this secret; when the current step was used it waits for the next.
 */
export async function freshTotp(secret: string): Promise<string> {
  const used = usedSteps.get(secret) ?? -1;
  let now = Date.now();
  if (Math.floor(now / TOTP_STEP_MS) <= used) {
    await sleep((used + 1) * TOTP_STEP_MS - now + 250);
    now = Date.now();
  }
  usedSteps.set(secret, Math.floor(now / TOTP_STEP_MS));
  // The exact instant the step was computed for, so the recorded step is the code's step.
  const code = execFileSync(OATHTOOL, ['--totp', '--base32', `--now=@${Math.floor(now / 1000)}`, secret], { encoding: 'utf8' }).trim();
  if (!/^\d{6}$/.test(code)) throw new Error(`oathtool printed ${code}`);
  return code;
}
