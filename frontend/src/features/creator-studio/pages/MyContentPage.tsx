import { Alert, Button, Card, Center, Flex, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconEyeOff, IconPhoto, IconPlus, IconVideo } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import contrast from '@/shared/ui/contrast.module.css';
import '../creator-studio-styles';
import { KINDS, PRIVATE_UNTIL_APPROVED } from '../content-kinds';
import { ContentCard } from '../components/content/ContentCard';
import { ContentDrawer } from '../components/content/ContentDrawer';
import { NewContentModal } from '../components/content/NewContentModal';
import { NotVerifiedAlert } from '../components/NotVerifiedAlert';
import { useWarnBeforeUnload } from '../hooks/upload-store';
import { useMyContent } from '../hooks/use-content-queries';
import { useCreatorVerification } from '../hooks/use-store-queries';
import type { ContentKind } from '../services/content.service';

const ITEM_PARAM = 'item';

function EmptyState({ kind, onCreate, disabled }: { kind: ContentKind; onCreate: () => void; disabled: boolean }) {
  const copy = KINDS[kind];
  const Icon = kind === 'video' ? IconVideo : IconPhoto;
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="sm" align="center" ta="center" py="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <Icon size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz={20}>
          {copy.emptyTitle}
        </Title>
        <Text c="dimmed" maw={420}>
          {copy.emptyText}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate} disabled={disabled}>
          {copy.newLabel}
        </Button>
      </Stack>
    </Card>
  );
}

/** My Videos / My Photo Albums: the creator's items with their review status; one item opens in a drawer. */
export function MyContentPage({ kind }: { kind: ContentKind }) {
  const copy = KINDS[kind];
  usePageMeta({ title: copy.pageTitle, noindex: true });
  useWarnBeforeUnload();
  const items = useMyContent(kind);
  const verification = useCreatorVerification();
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const openId = params.get(ITEM_PARAM);
  const blocked = verification === 'not_verified' || verification === 'processing';

  useEffect(() => {
    if (items.isError) console.error('Could not load your content', items.error);
  }, [items.isError, items.error]);

  const openItem = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(ITEM_PARAM, id);
        else next.delete(ITEM_PARAM);
        return next;
      },
      { replace: !id },
    );

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        gap="md"
      >
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {copy.pageTitle}
          </Title>
          <Text c="dimmed">{copy.pageDescription}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          disabled={blocked}
          style={{ flexShrink: 0 }}
        >
          {copy.newLabel}
        </Button>
      </Flex>

      {blocked && <NotVerifiedAlert processing={verification === 'processing'} action="upload" />}
      <Alert color="aqua" variant="light" icon={<IconEyeOff size={18} />} role="note">
        <Text size="sm">{PRIVATE_UNTIL_APPROVED}</Text>
      </Alert>

      {items.isPending ? (
        <Center py="xl">
          <Loader aria-label={`Loading your ${copy.noun}s`} />
        </Center>
      ) : items.isError ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`Your ${copy.noun}s could not be loaded`}
          classNames={{ title: contrast.orangeOnTint }}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="light" color="orange" size="xs" onClick={() => void items.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : items.data.length === 0 ? (
        <EmptyState kind={kind} onCreate={() => setCreating(true)} disabled={blocked} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {items.data.map((item) => (
            <ContentCard key={item.id} item={item} onOpen={() => openItem(item.id)} />
          ))}
        </SimpleGrid>
      )}

      <NewContentModal
        kind={kind}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(item) => {
          setCreating(false);
          openItem(item.id);
        }}
      />
      <ContentDrawer id={openId} onClose={() => openItem(null)} />
    </Stack>
  );
}
