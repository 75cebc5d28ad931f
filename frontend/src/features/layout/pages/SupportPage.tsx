import { PlaceholderPage } from './PlaceholderPage';

/** Public support landing (Account Locked links here); the dashboard has its own Support Portal. */
export function SupportPage() {
  return (
    <PlaceholderPage
      title="Support"
      line="Need help with your account? Email support@fanmint.com and our team will get back to you."
    />
  );
}
