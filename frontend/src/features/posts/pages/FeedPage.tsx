import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowUp, IconBuildingStore, IconNews } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { PostList } from '../components/PostList';
import { useNewPosts } from '../hooks/use-new-posts';
import { useFeed } from '../hooks/use-posts';

function EmptyFeed() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconNews size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          Your feed is empty
        </Title>
        <Text c="dimmed" maw={480}>
          Posts from the stores you follow or subscribe to show up here, newest first. Follow a store with the heart on
          its page, or subscribe to see its subscriber posts too.
        </Text>
        <Button component={Link} to="/stores" leftSection={<IconBuildingStore size={18} />} mt="xs">
          Browse stores
        </Button>
      </Stack>
    </Paper>
  );
}

/** /feed: the signed-in fan's feed, newest first, from the stores they follow or subscribe to. */
export function FeedPage() {
  usePageMeta({ title: 'Your feed', noindex: true });
  const feed = useFeed();
  const pages = feed.data?.pages;
  const shown = useMemo(() => new Set((pages ?? []).flatMap((page) => page.posts.map((post) => post.id))), [pages]);
  const live = useNewPosts(pages?.[0]?.creatorIds, shown);
  const showNew = () => {
    live.reset();
    void feed.refetch();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Container size="sm" pt={{ base: 'md', sm: 'lg' }} pb={{ base: 32, sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Your feed
          </Title>
          <Text c="dimmed">New posts from the stores you follow and subscribe to.</Text>
        </Stack>
        <div aria-live="polite">
          {live.count > 0 && (
            <Button fullWidth variant="light" leftSection={<IconArrowUp size={18} />} onClick={showNew}>
              {live.count === 1 ? 'Show 1 new post' : `Show ${live.count} new posts`}
            </Button>
          )}
        </div>
        <PostList query={feed} label="Posts" empty={<EmptyFeed />} errorTitle="Your feed could not be loaded" />
      </Stack>
    </Container>
  );
}
