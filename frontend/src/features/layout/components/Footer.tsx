import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../lib/site';
import { FOOTER_GROUPS } from '../nav-links';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      mt="xl"
      py="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="xl" verticalSpacing="xl">
          <Stack gap="md">
            <Logo />
            <Text size="sm" c="dimmed" maw={280}>
              Launch a free branded store, sell exclusive content and grow with your fans.
            </Text>
            <SocialLinks />
          </Stack>
          {FOOTER_GROUPS.map((group) => (
            <Stack key={group.title} gap="sm" component="nav" aria-label={group.title}>
              <Title order={2} size="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
                {group.title}
              </Title>
              {group.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="var(--mantine-color-text)">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            © {year} {BRAND}. All rights reserved.
          </Text>
          <Text size="xs" c="dimmed">
            Users must be 18 or older.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
