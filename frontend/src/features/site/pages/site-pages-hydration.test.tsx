import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { expectPrerenderToHydrate, prerender } from '../../../test/prerender';
import { ContactPage } from './ContactPage';
import { ContactUsPage } from './ContactUsPage';
import { HelpCenterPage } from './HelpCenterPage';
import { HomePage } from './HomePage';
import { PlatformPage } from './PlatformPage';
import { SocialChannelsPage } from './SocialChannelsPage';

const PAGES: [string, ComponentType][] = [
  ['HomePage', HomePage],
  ['PlatformPage', PlatformPage],
  ['SocialChannelsPage', SocialChannelsPage],
  ['ContactUsPage', ContactUsPage],
  ['ContactPage', ContactPage],
  ['HelpCenterPage', HelpCenterPage],
];

describe('prerendered site pages', () => {
  it.each(PAGES)(
    '%s hydrates over its prerendered HTML without a mismatch, even with a stored token',
    async (_, Page) => {
      expect(prerender(<Page />).match(/<h1[\s>]/g)).toHaveLength(1);
      localStorage.setItem('token', 'stored-session');
      await expectPrerenderToHydrate(<Page />);
    },
  );

  it('prerenders the signed-out call to action on the home page', () => {
    localStorage.setItem('token', 'stored-session');
    const html = prerender(<HomePage />);
    expect(html).toContain('Early Sign Up Live Now');
    expect(html).not.toContain('Go to Dashboard');
  });
});
