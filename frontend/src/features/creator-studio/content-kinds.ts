import type { LockedPreviewKey } from '@/features/locked-previews';
import type { ContentKind, ContentStatus } from './services/content.service';

export interface KindCopy {
  pageTitle: string;
  pageDescription: string;
  preview: LockedPreviewKey;
  newLabel: string;
  /** 'video' / 'album' in running text. */
  noun: string;
  /** What the drawer says the item is. */
  itemLabel: string;
  emptyTitle: string;
  emptyText: string;
  /** The MIME types the file picker offers; the server checks the bytes anyway. */
  accept: readonly string[];
  multiple: boolean;
  filesTitle: string;
  chooseLabel: string;
  dropText: string;
  fileHint: string;
  /** The server's wording (415) for a file of the wrong type, used when the browser already knows the type. */
  wrongType: string;
  createdToast: string;
}

export const KINDS: Record<ContentKind, KindCopy> = {
  video: {
    pageTitle: 'My Videos',
    pageDescription: 'Create your videos, upload their files, set their price and send them for review.',
    preview: 'videos',
    newLabel: 'New video',
    noun: 'video',
    itemLabel: 'Video',
    emptyTitle: 'No videos yet',
    emptyText: 'Create your first video: give it a title and a price, then upload the file.',
    accept: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'],
    multiple: false,
    filesTitle: 'Video file',
    chooseLabel: 'Choose a video',
    dropText: 'Drag your video here, or',
    fileHint: 'MP4, MOV, WebM or MKV. One file per video; large files resume if the connection drops.',
    wrongType: 'This file is not a video (MP4, MOV, WebM or MKV)',
    createdToast: 'Draft created. Upload its video next.',
  },
  album: {
    pageTitle: 'My Photo Albums',
    pageDescription: 'Create photo albums, upload their photos, set their price and send them for review.',
    preview: 'photo-albums',
    newLabel: 'New album',
    noun: 'album',
    itemLabel: 'Photo album',
    emptyTitle: 'No photo albums yet',
    emptyText: 'Create your first album: give it a title and a price, then upload its photos.',
    accept: ['image/jpeg', 'image/png', 'image/webp'],
    multiple: true,
    filesTitle: 'Photos',
    chooseLabel: 'Choose photos',
    dropText: 'Drag photos here, or',
    fileHint: 'JPEG, PNG or WebP, up to 50 MB each.',
    wrongType: 'This file is not a photo (JPEG, PNG or WebP)',
    createdToast: 'Draft created. Upload its photos next.',
  },
};

/** SPEC §3 spells the review states 'Pending Review', 'Approved' and 'rejected' (sic). */
export const STATUS_LABELS: Record<ContentStatus, string> = {
  draft: 'Draft',
  pending_review: 'Pending Review',
  approved: 'Approved',
  rejected: 'rejected',
  removed: 'Removed',
};

export const STATUS_COLORS: Record<ContentStatus, string> = {
  draft: 'gray',
  pending_review: 'orange',
  approved: 'teal',
  rejected: 'red',
  removed: 'gray',
};

export const STATUS_NOTES: Record<ContentStatus, string> = {
  draft: 'Only you can see this draft. Upload its files, then submit it for review.',
  pending_review: 'A moderator is reviewing it. It stays private until it is approved.',
  approved: 'Approved: it is live in your store.',
  rejected: 'A moderator rejected it. Change what the reason asks for, then resubmit it for review.',
  removed: 'The platform removed it. It is no longer visible in your store.',
};

export const PRIVATE_UNTIL_APPROVED =
  'Nothing is public before approval: a moderator reviews every video and album before it appears in your store.';
