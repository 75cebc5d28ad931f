import type { Post, PostComment, PostFile, PostMedia } from '../services/posts-types';

export const POST_ID = '0190b000-0000-7000-8000-000000000001';
export const CREATOR_ID = '00000000-0000-4000-8000-0000000000c1';

/** Published five minutes ago. */
export const RECENT = () => new Date(Date.now() - 5 * 60_000).toISOString();

export const photo = (n: number, overrides: Partial<PostFile> = {}): PostFile => ({
  mediaId: `photo-${n}`,
  type: 'image',
  thumbnailUrl: `/media/photo-${n}-thumb.jpg`,
  previewUrl: `/media/photo-${n}-preview.jpg`,
  fileUrl: `/media/photo-${n}.jpg`,
  blurredUrl: `/media/photo-${n}-blurred.jpg`,
  ...overrides,
});

export const album = (files: PostFile[], overrides: Partial<PostMedia> = {}): PostMedia => ({
  contentId: 'album-1',
  kind: 'album',
  status: 'approved',
  files,
  ...overrides,
});

export const video = (overrides: Partial<PostMedia> = {}): PostMedia => ({
  contentId: 'video-1',
  kind: 'video',
  status: 'approved',
  files: [
    {
      mediaId: 'clip-1',
      type: 'video',
      thumbnailUrl: '/media/clip-1-thumb.jpg',
      previewUrl: null,
      fileUrl: '/media/clip-1.mp4',
      blurredUrl: '/media/clip-1-blurred.jpg',
    },
  ],
  ...overrides,
});

/** A published free post of Ava's, open to the viewer, with two photos. */
export const post = (overrides: Partial<Post> = {}): Post => {
  const at = RECENT();
  return {
    id: POST_ID,
    storeSlug: 'ava',
    storeName: 'Ava',
    creatorId: CREATOR_ID,
    text: 'New set is up',
    audience: 'free',
    priceMinor: null,
    currency: 'USD',
    status: 'published',
    pinned: false,
    commentsEnabled: true,
    createdAt: at,
    publishedAt: at,
    editedAt: null,
    access: 'open',
    media: [album([photo(1), photo(2)])],
    likes: 3,
    likedByMe: false,
    comments: 1,
    ...overrides,
  };
};

/** The media of a post the viewer may not open: no links, the blurred teaser only. */
export const lockedMedia = (): PostMedia[] => [
  album([
    photo(1, { thumbnailUrl: null, previewUrl: null, fileUrl: null }),
    photo(2, { thumbnailUrl: null, previewUrl: null, fileUrl: null }),
  ]),
  video({
    files: [{ ...video().files[0], thumbnailUrl: null, fileUrl: null }],
  }),
];

export const comment = (n: number, overrides: Partial<PostComment> = {}): PostComment => ({
  id: `comment-${n}`,
  postId: POST_ID,
  authorId: `fan-${n}`,
  authorName: `Fan ${n}`,
  text: `Comment ${n}`,
  createdAt: RECENT(),
  hidden: false,
  mine: false,
  canModerate: false,
  ...overrides,
});

/** A creator's store as GET /api/stores/mine answers it (the fields the composer reads). */
export const myStore = (overrides: { currency?: string; subscriptionEnabled?: boolean } = {}) => ({
  id: '00000000-0000-4000-8000-0000000000s1',
  slug: 'ava',
  status: 'active',
  createdAt: RECENT(),
  updatedAt: RECENT(),
  access: {
    showSubscriberCount: false,
    subscriptionEnabled: overrides.subscriptionEnabled ?? true,
    subscriptionPriceMinor: 999,
    visibility: 'public',
  },
  appearance: { accentColor: '#a5529f', description: null, displayName: 'Ava', layout: 'grid', tagline: null },
  collaboration: { acceptRequests: false },
  content: {
    allowDownloads: false,
    currency: overrides.currency ?? 'USD',
    defaultAlbumPriceMinor: 900,
    defaultVideoPriceMinor: 1500,
  },
  images: { avatarUrl: null, bannerUrl: null },
  notifications: { emailSales: true },
  nsfw: { categories: ['lifestyle'], isNsfw: false },
  referrals: { enabled: false, commissionPercent: 5 },
  tips: { enabled: false, minimumTipMinor: 200 },
});
