import { Anchor, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { trackPageView } from '../../../lib/analytics';
import { readCookieConsent, saveCookieConsent } from '../services/cookie-consent.service';

export const COOKIE_BANNER_DELAY_MS = 1000;

export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readCookieConsent()) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const choose = (analytics: boolean) => {
    saveCookieConsent(analytics);
    setVisible(false);
    // The page the visitor accepted on counts as the first view.
    if (analytics) trackPageView(window.location.pathname);
  };

  return (
    <Transition mounted={visible} transition="slide-up" duration={200}>
      {(styles) => (
        <Paper
          role="region"
          aria-label="Cookie consent"
          shadow="xl"
          withBorder
          p="md"
          radius="lg"
          style={{
            ...styles,
            position: 'fixed',
            left: 16,
            right: 16,
            // On a phone a toast's band (notifications-host) is kept clear, so the buttons stay uncovered.
            bottom: 'calc(16px + var(--toast-band, 0px))',
            maxWidth: 720,
            marginInline: 'auto',
            // Above the headers, below dialogs and the navigation drawers: never on top of an open menu.
            zIndex: 250,
          }}
        >
          <Group justify="space-between" gap="md" wrap="wrap">
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
              <IconCookie
                size={24}
                stroke={1.6}
                color="var(--mantine-color-fanmint-filled)"
                style={{ flexShrink: 0 }}
              />
              <Text size="sm">
                We use essential cookies to keep you signed in and, with your permission, analytics cookies to improve
                the platform. Read our{' '}
                <Anchor component={Link} to="/privacy" size="sm" underline="always">
                  Privacy Policy
                </Anchor>
                .
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap" style={{ flex: '0 0 auto' }}>
              <Button variant="default" onClick={() => choose(false)}>
                Essential Only
              </Button>
              <Button onClick={() => choose(true)}>Accept All</Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Transition>
  );
}
