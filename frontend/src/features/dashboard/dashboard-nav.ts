import {
  IconBuildingBank,
  IconBuildingStore,
  IconChartBar,
  IconCreditCard,
  IconGift,
  IconHeart,
  IconHeadset,
  IconHome,
  IconId,
  IconMessages,
  IconNews,
  IconPhoto,
  IconRobot,
  IconSettings,
  IconShieldLock,
  IconShoppingBag,
  IconSparkles,
  IconUserPlus,
  IconUsersGroup,
  IconVideo,
  IconWriting,
  type Icon,
} from '@tabler/icons-react';

export interface DashboardNavItem {
  label: string;
  to: string;
  icon: Icon;
  description: string;
  /** A live-phase page (posts, the feed): the pre-launch sidebar and tiles keep the spec's list without it. */
  liveOnly?: boolean;
}

export interface DashboardNavGroup {
  title: string;
  /** Heading used for the group's tiles on the dashboard home. */
  tileTitle: string;
  items: DashboardNavItem[];
}

export const DASHBOARD_NAV: DashboardNavGroup[] = [
  {
    title: 'General',
    tileTitle: 'General Features',
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: IconHome, description: 'Your overview' },
      { label: 'Feed', to: '/feed', icon: IconNews, description: 'New posts from stores you follow', liveOnly: true },
      {
        label: 'Messages',
        to: '/dashboard/messages',
        icon: IconMessages,
        description: 'Conversations with creators and fans',
      },
      { label: 'General Settings', to: '/dashboard/settings', icon: IconSettings, description: 'Account and security' },
      {
        label: 'Security',
        to: '/dashboard/security',
        icon: IconShieldLock,
        description: 'Two-factor authentication and sessions',
      },
      { label: 'Rewards', to: '/dashboard/rewards', icon: IconGift, description: 'Airdrop, mega draw and wallet' },
      { label: 'Verification', to: '/dashboard/verification', icon: IconId, description: 'Verify your identity' },
      { label: 'Favorite Stores', to: '/dashboard/favorite-stores', icon: IconHeart, description: 'Stores you follow' },
      { label: 'Purchases', to: '/dashboard/purchases', icon: IconShoppingBag, description: 'Your purchase history' },
      {
        label: 'Referrals',
        to: '/dashboard/myreferrals',
        icon: IconUserPlus,
        description: 'Earn 5% on referred content',
      },
      {
        label: 'Billing & Payments',
        to: '/dashboard/billing',
        icon: IconCreditCard,
        description: 'Saved cards and receipts',
      },
    ],
  },
  {
    title: 'Creator Section',
    tileTitle: 'Creator Tools',
    items: [
      { label: 'Sales', to: '/dashboard/sales', icon: IconChartBar, description: 'Revenue and analytics' },
      {
        label: 'Payouts',
        to: '/dashboard/billingandpayments',
        icon: IconBuildingBank,
        description: 'Balances and payouts',
      },
      {
        label: 'Store Settings',
        to: '/dashboard/mystoresettings',
        icon: IconBuildingStore,
        description: 'Appearance and access',
      },
      {
        label: 'Posts',
        to: '/dashboard/posts',
        icon: IconWriting,
        description: 'News, photos and videos for your fans',
        liveOnly: true,
      },
      { label: 'My Videos', to: '/dashboard/my-videos', icon: IconVideo, description: 'Upload and manage videos' },
      { label: 'Photo Albums', to: '/dashboard/photo-albums', icon: IconPhoto, description: 'Curate your albums' },
      {
        label: 'Collaborators',
        to: '/dashboard/collaborators',
        icon: IconUsersGroup,
        description: 'Joint videos and albums',
      },
      {
        label: 'AI Business Advisor',
        to: '/dashboard/ai-business-advisor',
        icon: IconRobot,
        description: 'Coming Soon',
      },
      {
        label: 'AI Creator Studio',
        to: '/dashboard/ai-creator-studio',
        icon: IconSparkles,
        description: 'Coming Soon',
      },
    ],
  },
  {
    title: 'Other',
    tileTitle: 'Support',
    items: [{ label: 'Support', to: '/dashboard/support', icon: IconHeadset, description: 'Get help from our team' }],
  },
];

/** The sections as the pre-launch site lists them (SPEC §2): without the live-phase pages. */
export function prelaunchNav(): DashboardNavGroup[] {
  return DASHBOARD_NAV.map((group) => ({ ...group, items: group.items.filter((item) => !item.liveOnly) }));
}

/** Sidebar entries outside the dashboard shell (the fan's feed is a page of the public site). */
export const isDashboardRoute = (to: string) => to === '/dashboard' || to.startsWith('/dashboard/');

/** Routes reachable in the dashboard but not listed in the sidebar. */
export const DASHBOARD_EXTRA_ROUTES = [
  { to: '/dashboard/lockedpage', label: 'Advanced Analytics' },
  { to: '/dashboard/demo-page-testing', label: 'Collaborators' },
];

export const CREATOR_SECTION = 'Creator Section';

/** A fan's single way into the Creator Section (live phase): verification first, no empty sales pages. */
export const BECOME_CREATOR_ITEM: DashboardNavItem = {
  label: 'Become a creator',
  to: '/dashboard/verification',
  icon: IconBuildingStore,
  description: 'Verify your ID and open your store',
};

/**
 * The sidebar's groups for who is signed in. Before launch, or while unknown, every section shows
 * (SPEC §6: no client-side gating is shown); live, a fan sees one "Become a creator" entry instead
 * of the creator pages.
 */
export function navGroupsFor(role: 'creator' | 'fan' | null, live = true): DashboardNavGroup[] {
  const groups = live ? DASHBOARD_NAV : prelaunchNav();
  if (role !== 'fan') return groups;
  return groups.map((group) => (group.title === CREATOR_SECTION ? { ...group, items: [BECOME_CREATOR_ITEM] } : group));
}
