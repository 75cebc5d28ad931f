import { POLICY_CONSTANTS, REVENUE_SPLIT } from '../../content/site-facts';

/** Image name under /images/previews/<key>-<light|dark>-<desktop|mobile>.webp. */
export type LockedPreviewKey =
  | 'analytics'
  | 'billing'
  | 'collaborators'
  | 'favorite-stores'
  | 'photo-albums'
  | 'purchases'
  | 'referrals'
  | 'sales'
  | 'store-settings'
  | 'videos';

export interface LockedPreview {
  title: string;
  description: string;
  /** A few short lines on what the feature will do. */
  features: readonly string[];
  /** What the screenshot shows; the device ('desktop layout', 'mobile layout') is appended. */
  screenshotAlt: string;
}

const { referralCommissionPercent: referral, fiat, token } = REVENUE_SPLIT;

/** Locked-feature previews (SPEC §2 Dashboard): shown until the feature opens at launch. */
export const LOCKED_PREVIEWS: Record<LockedPreviewKey, LockedPreview> = {
  billing: {
    title: 'Billing & Payments',
    description:
      'One place for the way you pay and the way you get paid. Buy with a saved card, receive payouts by bank transfer in your local currency or in crypto, and keep every transaction on record.',
    features: [
      'Save debit and credit cards for fast, secure checkout',
      'Get paid by bank transfer in your local currency',
      'Receive payouts and pay for content in crypto',
      `Payouts on ${POLICY_CONSTANTS.payoutDay}`,
      'Export your full payment history as CSV',
    ],
    screenshotAlt:
      'Billing and payments screen with a saved card, a verified bank account, a crypto wallet and payment history',
  },
  collaborators: {
    title: 'Collaborators',
    description:
      'Create joint videos and albums with other verified creators. Review collaboration requests, approve or reject them, and decide exactly what each collaborator may do with your shared content.',
    features: [
      'Send and receive collaboration requests',
      'Approve or reject each request with one click',
      'Set view, edit and publish permissions for videos and albums',
      'Agree the revenue split of every joint release',
      'Keep signed release forms with each collaborator',
    ],
    screenshotAlt:
      'Collaborators screen with requests to approve or reject and a table of permissions for videos and albums',
  },
  'photo-albums': {
    title: 'My Photo Albums',
    description:
      'Curate, price and publish your photo collections. Every album gets its own cover and price, goes through a quick review, and is ready for fans to buy and share with their referral links.',
    features: [
      'Create albums with a cover, a title and a price',
      'Track each album from Pending Review to Approved',
      'See sales and revenue for every album',
      'Filter albums by live, in review and drafts',
    ],
    screenshotAlt: 'My Photo Albums screen with album covers, prices, sales and review status',
  },
  videos: {
    title: 'My Videos',
    description:
      'Upload, price and track every video in your store. Sell videos one by one, include them in your subscription or release them as pay-per-view, and follow views and revenue for each.',
    features: [
      'Upload large videos with live progress',
      'Sell one by one, by subscription or as pay-per-view',
      'Follow review status from Pending Review to Approved',
      'See views, sales and revenue per video',
    ],
    screenshotAlt:
      'My Videos screen with an upload in progress and a list of videos with status, price, views and revenue',
  },
  purchases: {
    title: 'Purchase History',
    description:
      'Everything you have bought, in one list. Find any video, album, subscription or tip by title or store, download receipts and see the token rewards your purchases have earned.',
    features: [
      'Search purchases by title or store',
      'Download a receipt for every purchase',
      'Keep track of active subscriptions and renewals',
      'See the token rewards earned from your purchases',
      'Export your purchase history as CSV',
    ],
    screenshotAlt:
      'Purchase history screen with spending totals, active subscriptions and a list of purchases with receipts',
  },
  referrals: {
    title: 'Content Referral Program',
    description: `Share the albums and videos you love with your own referral links and earn a ${referral}% commission on every sale you bring in, paid from the platform's share, never from the creator's.`,
    features: [
      'Create a personal link for any album or video',
      'Share straight to Telegram, X, Instagram and TikTok',
      `Earn ${referral}% on every referred sale`,
      'Follow clicks, referred sales and conversion',
      'See your commission week by week',
    ],
    screenshotAlt:
      'Content referral program screen with a referral link generator, commission earned and weekly commission chart',
  },
  sales: {
    title: 'Sales Dashboard',
    description:
      'Revenue, balances and payouts for your store at a glance. See what is pending, what is ready to be paid out and which content earns the most, day by day.',
    features: [
      'Pending Balance, Current Balance and Adjustments in one view',
      'Daily revenue compared with the previous period',
      'Revenue by videos, photo albums, subscriptions and tips',
      `Keep ${fiat.creator}% of card and bank sales and ${token.creator}% of token sales`,
      'Export your sales as CSV',
    ],
    screenshotAlt: 'Sales dashboard with balances, a daily revenue chart, revenue by content type and recent sales',
  },
  'favorite-stores': {
    title: 'My Favorite Stores',
    description:
      'The creators you follow, with their newest drops first. Add a store to your favorites once and never miss a new video or album from it.',
    features: [
      'Add any store to your favorites in one tap',
      'See which stores have new content this week',
      'Filter by stores you subscribe to',
      'Search and sort the stores you follow',
    ],
    screenshotAlt: 'My Favorite Stores screen with store cards, new content badges and Visit store buttons',
  },
  'store-settings': {
    title: 'Store Settings',
    description:
      'Make your store yours. Choose how it looks, what you sell and who can see it, and switch tips, referrals, collaboration and NSFW options on or off, all from one page.',
    features: [
      'Appearance: banner, avatar, store URL, tagline and accent colour',
      'Content settings: layout and what appears in your store',
      'Access control: subscriptions and free previews for visitors',
      'Tips, content referrals and collaboration switches',
      'NSFW settings for adult content',
    ],
    screenshotAlt: 'Store settings screen with appearance, access control, tips and referrals settings',
  },
  analytics: {
    title: 'Advanced Analytics Dashboard',
    description:
      'Understand your audience and what makes them buy. Follow store visitors, conversion, average order value and returning fans, and see which channels bring the fans who spend.',
    features: [
      'Store visitors compared with the previous period',
      'Conversion rate, average order value and returning fans',
      'Traffic sources, including your social channels and referral links',
      'Ranges from 7 days to 12 months',
    ],
    screenshotAlt:
      'Advanced analytics dashboard with visitor, conversion and order value figures, a visitors chart and traffic sources',
  },
};

/** Copy every locked preview shares. */
export const LOCKED_PREVIEW_COPY = {
  lockBadge: 'Available at launch',
  lockNote: 'This feature is locked until the full platform launch. Here is a preview of how it will look.',
  /** After launch a preview is only shown for a feature not built yet: it must read as coming, not as locked. */
  comingBadge: 'Coming soon',
  comingNote: 'We are still building this feature. Here is a preview of how it will look when it arrives.',
  screenshotsTitle: 'Preview',
  featuresTitle: "What you'll be able to do",
  devices: { desktop: 'Desktop', mobile: 'Mobile' },
  expand: (device: string, title: string) => `Expand ${device.toLowerCase()} preview of ${title}`,
  modalTitle: (device: string, title: string) => `${title}: ${device.toLowerCase()} preview`,
  close: 'Close preview',
  rewards: {
    title: 'Early Adopter Rewards Program',
    text: 'Early members earn token rewards before launch: join the Community Airdrop and the Billionaire Mega Draw, and follow our official channels for snapshot dates and launch news.',
    rewardsLink: { label: 'View Rewards', to: '/dashboard/rewards' },
    channelsLink: { label: 'Official Social Channels', to: '/official-social-channels' },
  },
} as const;
