import { SUPPORT_EMAIL } from '../../lib/site';

export type ComingSoonKey = 'support' | 'ai-business-advisor' | 'ai-creator-studio';

export interface ComingSoonFeature {
  /** Names the feature's icon in the page component. */
  id: string;
  title: string;
  description: string;
}

export interface ComingSoonContent {
  title: string;
  lead: string;
  featuresTitle: string;
  features: readonly ComingSoonFeature[];
}

/** The heading every Coming Soon page shows under its title, verbatim from SPEC §2. */
export const COMING_SOON_HEADING = 'Coming Soon!';

/** Dashboard pages announced but not built yet (SPEC §2: Support, AI Business Advisor, AI Creator Studio). */
export const COMING_SOON_PAGES: Record<ComingSoonKey, ComingSoonContent> = {
  support: {
    title: 'Support Portal',
    lead: 'Open and follow support requests, chat with our team and browse answers from your dashboard.',
    featuresTitle: 'What the portal will offer',
    features: [
      { id: 'tickets', title: 'Support requests', description: 'Open a request and follow every reply in one thread.' },
      {
        id: 'account',
        title: 'Account help',
        description: 'Sign-in, two-factor and verification issues, handled securely.',
      },
      {
        id: 'payments',
        title: 'Payments and payouts',
        description: 'Questions about purchases, refunds and creator payouts.',
      },
    ],
  },
  'ai-business-advisor': {
    title: 'AI Business Advisor',
    lead: 'An assistant that reads your store data and tells you, in plain words, what to do next to grow.',
    featuresTitle: 'What it will do',
    features: [
      {
        id: 'analytics',
        title: 'Analytics',
        description: 'Clear explanations of your sales, visitors and fans, and what changed since last month.',
      },
      {
        id: 'revenue',
        title: 'Revenue optimisation',
        description: 'Pricing, bundle and subscription suggestions based on what your fans actually buy.',
      },
      {
        id: 'recommendations',
        title: 'Recommendations',
        description: 'Personal next steps: what to post, when to post it and which fans to reward.',
      },
    ],
  },
  'ai-creator-studio': {
    title: 'AI Creator Studio',
    lead: 'AI tools that help every video and album look its best in your store, in a fraction of the time.',
    featuresTitle: 'What it will do',
    features: [
      {
        id: 'thumbnails',
        title: 'Thumbnail generation',
        description: 'Eye-catching thumbnails and covers generated from your own videos and photos.',
      },
      {
        id: 'descriptions',
        title: 'Description optimisation',
        description: 'Titles and descriptions rewritten to be clearer, more searchable and more likely to sell.',
      },
    ],
  },
};

/** Where to get help while the Support Portal is not open. */
export const SUPPORT_CONTACT = {
  title: 'Need help now?',
  text: 'Our team is here for you while the portal is being built. Send us a message from the Contact Us page or email us directly.',
  contactLink: { label: 'Contact Us', to: '/contact-us' },
  email: SUPPORT_EMAIL,
  /** The same subject the Contact Us page uses for support, so messages are routed alike. */
  emailSubject: 'Support request',
} as const;

/** Shown on the AI pages: where the launch will be announced. */
export const LAUNCH_NEWS = {
  text: 'We will announce the launch on our official social channels.',
  link: { label: 'Official Social Channels', to: '/official-social-channels' },
} as const;
