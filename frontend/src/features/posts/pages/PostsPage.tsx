import { Button, Card, Center, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconExternalLink, IconNews } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { serviceMessage } from '@/shared/api-problems';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { LoadError } from '@/shared/ui/LoadError';
import { PostActions } from '../components/PostActions';
import { PostComposer } from '../components/PostComposer';
import { PostList } from '../components/PostList';
import { useDeletePost, useMyPosts, useMyStore, usePinPost } from '../hooks/use-posts';
import type { Post } from '../services/posts-types';

function NoStore() {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="center" ta="center" gap="xs">
        <IconBuildingStore size={36} stroke={1.4} aria-hidden />
        <Title order={2} fz="lg">
          Open your store to post
        </Title>
        <Text size="sm" c="dimmed" maw={440}>
          Posts appear on your store and in the feeds of the fans who follow or subscribe to it.
        </Text>
        <Button component={Link} to="/dashboard/mystoresettings" mt="xs">
          Open my store
        </Button>
      </Stack>
    </Card>
  );
}

function NoPosts() {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="center" ta="center" gap="xs">
        <IconNews size={36} stroke={1.4} aria-hidden />
        <Title order={3} fz="md">
          Your first post is one step away
        </Title>
        <Text size="sm" c="dimmed" maw={460}>
          It shows on your store&apos;s Posts tab and in the feed of every fan who follows or subscribes to you. Say
          hello, share a photo from today or tell fans what is coming next.
        </Text>
      </Stack>
    </Card>
  );
}

/** /dashboard/posts: the composer, then the creator's posts in every status with Edit, Pin and Delete. */
export function PostsPage() {
  usePageMeta({ title: 'Posts', noindex: true });
  const store = useMyStore();
  const posts = useMyPosts(Boolean(store.data));
  const pin = usePinPost();
  const remove = useDeletePost();
  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);

  const togglePin = (post: Post) =>
    pin.mutate(
      { id: post.id, pinned: !post.pinned },
      {
        onSuccess: (saved) => notify.success(saved.pinned ? 'Pinned to the top of your store.' : 'Unpinned.'),
        onError: (error) => notify.error(serviceMessage(error, 'The post could not be changed. Please try again.')),
      },
    );

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notify.success('Post deleted.');
      },
      onError: (error) => notify.error(serviceMessage(error, 'The post could not be deleted. Please try again.')),
    });

  let body;
  if (store.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label="Loading your store" />
      </Center>
    );
  } else if (store.isError) {
    body = <LoadError title="Your store could not be loaded" onRetry={() => void store.refetch()} />;
  } else if (store.data === null) {
    body = <NoStore />;
  } else {
    body = (
      <>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="new-post-title">
          <Title order={2} id="new-post-title" fz="lg" mb="sm">
            New post
          </Title>
          <PostComposer />
        </Paper>
        <Stack gap="md" component="section" aria-labelledby="my-posts-title">
          <Title order={2} id="my-posts-title" fz="lg">
            Your posts
          </Title>
          <PostList
            query={posts}
            label="Your posts"
            empty={<NoPosts />}
            errorTitle="Your posts could not be loaded"
            owner={() => true}
            inStore={false}
            actions={(post) => (
              <PostActions
                post={post}
                pinning={pin.isPending && pin.variables?.id === post.id}
                onEdit={() => setEditing(post)}
                onPin={() => togglePin(post)}
                onDelete={() => setDeleting(post)}
              />
            )}
          />
        </Stack>
      </>
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <DashboardPageHeader
        title="Posts"
        description="Share news, photos and videos with your fans. A moderator reviews photos and videos before anyone else sees them."
        action={
          store.data && (
            <Button
              component={Link}
              to={`/stores/${store.data.slug}`}
              variant="default"
              leftSection={<IconExternalLink size={16} />}
              style={{ flexShrink: 0 }}
            >
              View my store
            </Button>
          )
        }
      />
      {body}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit post" size="lg" centered>
        {editing && (
          <PostComposer
            key={editing.id}
            post={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this post?"
        confirmLabel="Delete post"
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      >
        <Text size="sm">
          It disappears from your store and from your fans&apos; feeds, with its likes and comments. This cannot be
          undone.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
