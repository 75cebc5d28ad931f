import { Anchor, Box, Container, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../lib/site';
import { FOOTER_GROUPS } from '../nav-links';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" mt="xl" py="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Logo />
              <Text size="sm" c="dimmed" maw={280}>
                Launch a free branded store, sell exclusive content and grow with your fans.
              </Text>
              <SocialLinks />
            </Stack>
          </Grid.Col>
          {FOOTER_GROUPS.map((group) => (
            <Grid.Col key={group.title} span={{ base: 6, sm: 3, lg: 2 }}>
              <Stack gap="sm" component="nav" aria-label={group.title}>
                <Title order={2} size="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
                  {group.title}
                </Title>
                {group.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm" c="var(--mantine-color-text)">
                    {link.label}
                  </Anchor>
                ))}
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
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
