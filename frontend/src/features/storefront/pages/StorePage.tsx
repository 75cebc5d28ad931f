import { Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCloudOff, IconFlag, IconGavel, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import '../storefront-styles';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import { NotFoundPage } from '@/shared/ui/NotFoundPage';
import marketing from '@/shared/ui/marketing.module.css';
import { ComingSoonPage } from '@/features/site';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';
import { AgeGate } from '../components/AgeGate';
import { LaunchPhaseSwitch, PageLoader } from '@/shared/ui/LaunchPhaseSwitch';
import { ModerationDialogs, type DialogTarget, type ModerationDialog } from '../components/ModerationDialogs';
import { StateMessage } from '@/shared/ui/StateMessage';
import { postsOf, useStorePosts } from '@/features/posts';
import { StoreContentSection } from '../components/StoreContentSection';
import { StorePostsSection } from '../components/StorePostsSection';
import { StoreHero } from '../components/StoreHero';
import { useAgeConfirmation } from '../hooks/use-age-confirmation';
import { useSignedIn } from '../hooks/use-signed-in';
import { useStoreCommerce } from '../hooks/use-store-commerce';
import { useCategories, useStoreContent, useStoreProfile } from '../hooks/use-storefront-queries';
import { isAgeCheckRequired, isNotFound, type ContentItem, type PublicStore } from '../services/storefront.service';
import { errorMessage } from '@/shared/api-problems';

const ADULT_TITLE = 'Adult content (18+)';

/** Page meta of the states that are not the store itself (the store and the 404 page set their own). */
function Meta({ title }: { title: string }) {
  usePageMeta({ title, noindex: true });
  return null;
}

/** A content item as the subject of a report, takedown or appeal (the store itself goes by its slug). */
const contentTarget = (item: ContentItem): DialogTarget => ({
  subjectType: 'content',
  subjectId: item.id,
  label: `“${item.title}”`,
});

function storeDescription(store: PublicStore): string {
  const text =
    store.tagline || store.description || `${store.displayName} on ${BRAND}: exclusive videos and photo albums.`;
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function StoreProfile({ store, signedIn }: { store: PublicStore; signedIn: boolean }) {
  usePageMeta({ title: store.displayName, description: storeDescription(store), noindex: store.isNsfw });
  const categories = useCategories();
  const content = useStoreContent(store.slug, signedIn, true);
  const [dialog, setDialog] = useState<ModerationDialog>(null);
  const storeTarget = { subjectType: 'store' as const, subjectId: store.slug, label: store.displayName };
  const commerce = useStoreCommerce(store, signedIn, content.data);
  const posts = useStorePosts(store.slug, signedIn);
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  // Posts first when the store has any; else (none, or they could not be loaded) its videos and albums.
  const tab = chosenTab ?? (posts.isPending ? null : postsOf(posts.data).length > 0 ? 'posts' : 'items');

  return (
    <Container size="lg" pt={{ base: 'md', sm: 'lg' }} pb={{ base: 32, sm: 48 }}>
      <Stack gap="xl">
        <Anchor component={Link} to="/stores" size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden="true" />
            All stores
          </Group>
        </Anchor>
        <StoreHero
          store={store}
          categories={categories.data}
          onReport={() => setDialog({ kind: 'report', target: storeTarget })}
          toolbar={commerce.favoriteButton}
          actions={commerce.heroActions}
        />
        {tab === null ? (
          <Center py="xl">
            <Loader size="sm" role="status" aria-label="Loading the store's posts" />
          </Center>
        ) : (
          <Tabs value={tab} onChange={setChosenTab} keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="posts">Posts</Tabs.Tab>
              <Tabs.Tab value="items">Videos and albums</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="posts">
              <StorePostsSection store={store} posts={posts} signedIn={signedIn} onSubscribe={commerce.subscribe} />
            </Tabs.Panel>
            <Tabs.Panel value="items">
              <StoreContentSection
                content={content}
                onReport={(item) => setDialog({ kind: 'report', target: contentTarget(item) })}
                onTakedown={(item) => setDialog({ kind: 'takedown', target: contentTarget(item) })}
                onAppeal={(item) => setDialog({ kind: 'appeal', target: contentTarget(item) })}
                renderAction={commerce.contentAction}
                notice={commerce.contentNotice}
              />
            </Tabs.Panel>
          </Tabs>
        )}
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="store-safety-title"
        >
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4} maw={620}>
              <Title order={2} id="store-safety-title" fz="lg">
                Something wrong with this store?
              </Title>
              <Text size="sm" className={marketing.muted}>
                Report anything that breaks our rules. If you are shown in this content without your consent or you own
                the rights to it, request a takedown: we answer within 24 hours. People shown can also appeal a decision
                about it: appeals are resolved within 7 business days.
              </Text>
            </Stack>
            <Group gap="sm" w={FULL_WIDTH_ON_PHONES}>
              <Button
                variant="default"
                w={FULL_WIDTH_ON_PHONES}
                leftSection={<IconFlag size={16} />}
                onClick={() => setDialog({ kind: 'report', target: storeTarget })}
              >
                Report store
              </Button>
              <Button
                variant="default"
                w={FULL_WIDTH_ON_PHONES}
                leftSection={<IconGavel size={16} />}
                onClick={() => setDialog({ kind: 'takedown', target: storeTarget })}
              >
                Request a takedown
              </Button>
              <Button
                variant="default"
                w={FULL_WIDTH_ON_PHONES}
                leftSection={<IconScale size={16} />}
                onClick={() => setDialog({ kind: 'appeal', target: storeTarget })}
              >
                Appeal as a person shown
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
      <ModerationDialogs dialog={dialog} onChange={setDialog} />
      {commerce.modals}
    </Container>
  );
}

function StoreView() {
  const { slug = '' } = useParams();
  const signedIn = useSignedIn();
  const profile = useStoreProfile(slug, signedIn);
  const ageCheckRequired = isAgeCheckRequired(profile.error);
  const adult = ageCheckRequired || profile.data?.isNsfw === true;
  const age = useAgeConfirmation(signedIn, adult);
  // Signed out, the server decides (401 age_check_required); an account is asked once, and its creator never.
  const askAge = ageCheckRequired || (signedIn && adult && !age.pending && !age.confirmed && !profile.data?.isOwner);

  if (profile.isPending || (signedIn && adult && age.pending)) {
    return (
      <>
        <Meta title="Creator Store" />
        <PageLoader />
      </>
    );
  }
  if (isNotFound(profile.error)) return <NotFoundPage />;
  if (askAge) {
    return (
      <>
        <Meta title={profile.data?.displayName ?? ADULT_TITLE} />
        <AgeGate onConfirm={age.confirm} confirming={age.confirming} />
      </>
    );
  }
  if (profile.isError) {
    return (
      <Container size="sm" py={{ base: 'xl', sm: 72 }}>
        <Meta title="Creator Store" />
        <StateMessage
          icon={IconCloudOff}
          title="This store could not be loaded"
          order={1}
          color="red"
          action={{ label: 'Try again', onClick: () => void profile.refetch() }}
        >
          {errorMessage(profile.error)}
        </StateMessage>
      </Container>
    );
  }
  return <StoreProfile store={profile.data} signedIn={signedIn} />;
}

/** /stores/:slug: a store's public profile and approved content (live phase; before launch, the stores placeholder). */
export function StorePage() {
  return (
    <LaunchPhaseSwitch prelaunch={<ComingSoonPage page="stores" />} pending={<PageLoader />} live={<StoreView />} />
  );
}
