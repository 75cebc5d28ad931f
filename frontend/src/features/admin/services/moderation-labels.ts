import type { CaseKind, CaseOutcome, ModerationCase } from './admin.types';

export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  report: 'Report',
  takedown: 'Takedown request',
  appeal: 'Appeal',
};

export const SUBJECT_LABELS: Record<ModerationCase['subjectType'], string> = {
  content: 'Content',
  store: 'Store',
  account: 'Account',
  message: 'Message',
  conversation: 'Conversation',
};

/** The grounds of reports, takedown requests and appeals, as the forms offer them. */
const REASON_LABELS: Record<string, string> = {
  minor: 'Involves a minor',
  non_consensual: 'Non-consensual',
  violence: 'Violence',
  hate: 'Hate',
  bestiality: 'Bestiality',
  extreme: 'Extreme content',
  copyright: 'Copyright',
  impersonation: 'Impersonation',
  spam: 'Spam',
  other: 'Other',
  depicted_without_consent: 'Depicted without consent',
  personal_information: 'Personal information',
  depicted_person: 'Depicted person',
  creator_rejection: 'Content rejected (creator)',
  creator_removal: 'Content removed (creator)',
};

const readable = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');

export const reasonLabel = (reason: string) => REASON_LABELS[reason] ?? readable(reason);

/** The most serious grounds: shown in red in the queue. */
export const URGENT_REASONS: ReadonlySet<string> = new Set([
  'minor',
  'non_consensual',
  'violence',
  'bestiality',
  'extreme',
]);

export const OUTCOME_OPTIONS: { value: CaseOutcome; label: string }[] = [
  { value: 'no_action', label: 'No action needed' },
  { value: 'content_removed', label: 'Content removed' },
  { value: 'content_restored', label: 'Content restored' },
  { value: 'account_actioned', label: 'Account actioned' },
];

const NAMES_NO_CONTENT = 'Records the outcome only: this case names no content item.';

/** What resolving with an outcome does: removing or restoring acts on the content item a case names. */
export function outcomeEffect(outcome: CaseOutcome, namesContent: boolean): string {
  switch (outcome) {
    case 'no_action':
      return 'Nothing breaks the rules; the case is closed as it is.';
    case 'content_removed':
      return namesContent
        ? 'Takes the content item this case names offline for everyone, at once (audited).'
        : NAMES_NO_CONTENT;
    case 'content_restored':
      return namesContent
        ? 'Puts the removed content item this case names back in the store (audited).'
        : NAMES_NO_CONTENT;
    case 'account_actioned':
      return 'Records that the account was warned, restricted or suspended; the account itself is changed separately.';
  }
}

export const outcomeLabel = (outcome: string) =>
  OUTCOME_OPTIONS.find((option) => option.value === outcome)?.label ?? readable(outcome);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** A clip length as m:ss or h:mm:ss. */
export function formatClipLength(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-10' → 'October 2026', '2026-Q3' → 'Q3 2026'. */
export function periodLabel(period: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) return monthFormat.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  return quarter ? `Q${quarter[2]} ${quarter[1]}` : period;
}
