import { PRODUCT_SLUG } from '../../lib/site';

export const MAIN_NAV = [
  { label: 'Home', to: '/' },
  { label: 'Platform', to: `/${PRODUCT_SLUG}-platform` },
  { label: 'Token', to: '/official-token' },
  { label: 'Roadmap', to: '/roadmap' },
  { label: 'Socials', to: '/official-social-channels' },
  { label: 'Stores', to: '/stores' },
  { label: 'Categories', to: '/categories' },
] as const;

export const FOOTER_GROUPS = [
  {
    title: 'Explore',
    links: [
      { label: 'Home', to: '/' },
      { label: 'Stores', to: '/stores' },
      { label: 'Categories', to: '/categories' },
      { label: 'FAQ', to: '/faq' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Platform', to: `/${PRODUCT_SLUG}-platform` },
      { label: 'Official Token', to: '/official-token' },
      { label: 'Roadmap', to: '/roadmap' },
      { label: 'Social Channels', to: '/official-social-channels' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms & Conditions', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Refund Policy', to: '/refund-policy' },
      { label: 'Chargeback Policy', to: '/chargeback-policy' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { label: 'User Creator Agreement', to: '/user-creator-agreement' },
      { label: 'Complaints Policy', to: '/complaints-policy' },
      { label: 'Content Management Policy', to: '/content-management-policy' },
    ],
  },
] as const;

export function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname.startsWith(to);
}
