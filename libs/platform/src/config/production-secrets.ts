/**
 * Secret values this repository publishes (built-in defaults, docker-compose.yml defaults, README
 * and acquirer README examples): in production they protect nothing, so they count as unset.
 */
export const PUBLISHED_SECRET_VALUES: ReadonlySet<string> = new Set([
  'sk_test_fanmint_sandbox_local',
  'whsec_fanmint_sandbox_local',
  'sk_test_fanmint_sandbox_compose',
  'whsec_fanmint_sandbox_compose',
  'fanmint-public-anon-key',
  'fanmint-secret',
]);

/** Template and tutorial filler: deploy/k8s's CHANGE-ME, angle-bracket slots, "your-secret", xxxx, an unexpanded ${VAR}. */
const PLACEHOLDER =
  /change[-_ ]?me|replace[-_ ]?me|placeholder|example|^your[-_]|^<.*>$|x{8,}|\$\{|^(secret|password|changeit|test|dev|default)$/i;

export interface SecretSetting {
  name: string;
  /** Shortest acceptable value (each entry, for a comma-separated list). */
  minLength: number;
  /** False: may be left unset (the feature then uses something else), but a set value is checked. */
  required: boolean;
  /** Comma-separated (rotation): every entry is checked. */
  list?: boolean;
}

/** Why `value` cannot be a production secret, or null when it can. */
export function secretProblem(value: string, minLength: number): string | null {
  if (PUBLISHED_SECRET_VALUES.has(value)) return 'is a built-in default or published example value';
  if (PLACEHOLDER.test(value)) return 'is a placeholder';
  if (new Set(value).size < 4) return 'is not random (too few distinct characters)';
  if (value.length < minLength) return `is shorter than ${minLength} characters`;
  return null;
}

/** One line per bad setting (`NAME: why`), naming the setting and never its value. */
export function productionSecretProblems(
  env: Record<string, string | undefined>,
  settings: readonly SecretSetting[],
): string[] {
  const problems: string[] = [];
  for (const { name, minLength, required, list } of settings) {
    const raw = env[name]?.trim() ?? '';
    if (raw === '') {
      if (required) problems.push(`${name}: is required with NODE_ENV=production`);
      continue;
    }
    const values = list
      ? raw
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean)
      : [raw];
    const problem = values.map((value) => secretProblem(value, minLength)).find((found) => found !== null);
    if (problem) problems.push(`${name}: ${problem}; set a random value (openssl rand -base64 48)`);
  }
  return problems;
}

/** The api's, worker's and migrate step's secrets (README, "Configuration"). */
export const APP_SECRETS: readonly SecretSetting[] = [
  { name: 'JWT_SECRET', minLength: 32, required: true },
  { name: 'DATA_ENCRYPTION_KEY', minLength: 44, required: true },
  { name: 'SANDBOX_ACQUIRER_SECRET_KEY', minLength: 16, required: true },
  { name: 'SANDBOX_ACQUIRER_WEBHOOK_SECRETS', minLength: 16, required: true, list: true },
  { name: 'PUBLIC_ANON_KEY', minLength: 16, required: true, list: true },
  { name: 'METRICS_TOKEN', minLength: 16, required: true },
  { name: 'S3_SECRET_ACCESS_KEY', minLength: 16, required: false },
];
