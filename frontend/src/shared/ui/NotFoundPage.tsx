import { BRAND } from '../../lib/site';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCactus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta';

export function NotFoundPage() {
  usePageMeta({
    title: '404 URL Not Found',
    description: `This page does not exist on ${BRAND}. Head back to the home page to find creator stores, the token and the roadmap.`,
    noindex: true,
  });
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" ta="center" gap="lg">
        <ThemeIcon size={96} radius={48} variant="light" color="orange">
          <IconCactus size={52} stroke={1.4} />
        </ThemeIcon>
        <Text
          fw={800}
          fz={{ base: 56, sm: 80 }}
          lh={1}
          variant="gradient"
          gradient={{ from: 'fanmint.5', to: 'aqua.5', deg: 90 }}
        >
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          404 URL Not Found
        </Title>
        <Text c="dimmed" size="lg" maw={460}>
          Looks like you&apos;re lost in the desert. Nothing but sand and cactus out here: the page you&apos;re looking
          for has wandered off or never existed.
        </Text>
        <Button component={Link} to="/" size="md">
          Take me back home
        </Button>
      </Stack>
    </Container>
  );
}
