// The dashboard's live notices on the user's own topic; the console's on staff:moderation lives with the admin feature.
export { LiveNotices, useLiveNotices } from './hooks/use-live-notices';
export { caseDeadlineNotice, caseNotice, type CaseDeadlineEvent, type CaseOpenedEvent } from './notices';
