import type { ComplianceReport, ContentItem, ContentMedia, ModerationCase } from '../services/admin.types';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function photo(n: number, overrides: Partial<ContentMedia> = {}): ContentMedia {
  return {
    id: `m-${n}`,
    mediaType: 'image',
    format: 'jpg',
    originalName: `beach-${n}.jpg`,
    sizeBytes: 2_400_000,
    status: 'ready',
    width: 3000,
    height: 2000,
    durationSeconds: null,
    error: null,
    number: n,
    thumbnailUrl: `/api/media?token=thumb-${n}`,
    blurredUrl: null,
    previewUrl: null,
    fileUrl: `/api/media?token=file-${n}`,
    ...overrides,
  };
}

export function video(overrides: Partial<ContentMedia> = {}): ContentMedia {
  return {
    ...photo(0),
    id: 'm-video',
    mediaType: 'video',
    format: 'mp4',
    originalName: 'workout.mp4',
    sizeBytes: 84_000_000,
    width: 1920,
    height: 1080,
    durationSeconds: 151,
    thumbnailUrl: '/api/media?token=poster',
    fileUrl: '/api/media?token=video-1',
    ...overrides,
  };
}

export function contentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 'c-1',
    creatorId: '7d3f0c1e-5b7a-4c43-9a51-2f0a6b1c9e11',
    kind: 'album',
    title: 'Beach day',
    description: 'Twelve photos from the shoot.',
    priceMinor: 1499,
    currency: 'USD',
    status: 'pending_review',
    purpose: 'store',
    rejectionReason: null,
    submittedAt: ago(3 * HOUR),
    claimedBy: null,
    claimedAt: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: ago(5 * HOUR),
    collaboratorIds: [],
    coverMediaId: 'm-1',
    teaser: 'blurred',
    teaserUrl: null,
    media: [photo(1), photo(2), photo(3)],
    claim: { state: 'open', expiresAt: null },
    ...overrides,
  };
}

/** An open case opened `openedHoursAgo` with `allowedHours` to resolve it, fetched just now. */
export function moderationCase(
  overrides: Partial<ModerationCase> = {},
  openedHoursAgo = 1,
  allowedHours = 48,
): ModerationCase {
  const now = Date.now();
  const openedAt = now - openedHoursAgo * HOUR;
  const dueAt = openedAt + allowedHours * HOUR;
  const remainingMs = dueAt - now;
  return {
    id: 'case-1',
    kind: 'report',
    subjectType: 'content',
    subjectId: '2b1e4c8a-1f3d-4e5a-9b7c-6d8e9f0a1b2c',
    reason: 'spam',
    details: 'The album repeats the same photo twelve times.',
    reporterEmail: 'fan@example.com',
    status: 'open',
    outcome: null,
    resolutionNote: null,
    openedAt: new Date(openedAt).toISOString(),
    dueAt: new Date(dueAt).toISOString(),
    stage: remainingMs <= 0 ? 'overdue' : remainingMs <= (allowedHours * HOUR) / 4 ? 'warn' : 'on_time',
    remainingMs,
    claimedBy: null,
    claimedAt: null,
    resolvedBy: null,
    resolvedAt: null,
    breached: false,
    claim: { state: 'open', expiresAt: null },
    ...overrides,
  };
}

export function complianceReport(overrides: Partial<ComplianceReport> = {}): ComplianceReport {
  const zero = (overrides.incidents ?? 0) === 0;
  return {
    id: 'r-1',
    kind: 'monthly',
    period: '2026-10',
    generatedAt: '2026-11-01T00:05:00Z',
    incidents: 0,
    summary: {
      zeroIncident: zero,
      reports: { received: 4, resolved: 4, resolvedOnTime: 4, deadlineBreaches: 0 },
      takedowns: { received: 1, resolved: 1, resolvedOnTime: 1, deadlineBreaches: 0 },
      appeals: { received: 0, resolved: 0, resolvedOnTime: 0, deadlineBreaches: 0 },
      contentRemoved: 0,
      accountsActioned: 0,
    },
    ...overrides,
  };
}
