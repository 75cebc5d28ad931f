import { Alert, Center, Divider, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { notify } from '../../../../lib/notify';
import contrast from '@/shared/ui/contrast.module.css';
import { KINDS, STATUS_NOTES } from '../../content-kinds';
import { useContentItem, useUpdateContent } from '../../hooks/use-content-queries';
import { isEditable, type ContentItem } from '../../services/content.service';
import { formatMoney } from '@/shared/format';
import { AppealDecision } from './AppealDecision';
import { ContentFieldsForm, formValuesOf } from './ContentFieldsForm';
import { MediaGrid } from './MediaGrid';
import { StatusBadge } from './StatusBadge';
import { SubmitForReview } from './SubmitForReview';
import { TeaserChoice } from './TeaserChoice';
import { Uploader } from './Uploader';

function StatusNote({ item }: { item: ContentItem }) {
  if (item.status === 'rejected') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Rejected by a moderator"
        role="note"
      >
        <Stack gap={4}>
          {item.rejectionReason && <Text size="sm" fw={600}>{`Reason: ${item.rejectionReason}`}</Text>}
          <Text size="sm">{STATUS_NOTES.rejected}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="default" icon={<IconInfoCircle size={18} />} role="note">
      <Text size="sm">{STATUS_NOTES[item.status]}</Text>
    </Alert>
  );
}

function Details({ item }: { item: ContentItem }) {
  const update = useUpdateContent(item.id);
  if (!isEditable(item)) {
    return (
      <Stack gap="xs">
        <Text fw={700}>{formatMoney(item.priceMinor, item.currency)}</Text>
        <Text size="sm" c={item.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {item.description || 'No description'}
        </Text>
      </Stack>
    );
  }
  return (
    <ContentFieldsForm
      key={item.id}
      initial={formValuesOf(item)}
      submitLabel="Save changes"
      requireChange
      onSubmit={async (fields) => {
        await update.mutateAsync(fields);
        notify.success('Changes saved');
      }}
    />
  );
}

function ItemView({ item }: { item: ContentItem }) {
  const copy = KINDS[item.kind];
  const editable = isEditable(item);
  const failedVideo = item.kind === 'video' && item.media[0]?.status === 'failed';
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <StatusBadge status={item.status} />
        <Text size="sm" c="dimmed">
          {copy.itemLabel}
        </Text>
      </Group>
      <StatusNote item={item} />

      <Stack gap="sm" component="section" aria-labelledby="item-files-title">
        <Title order={3} fz="md" id="item-files-title">
          {copy.filesTitle}
        </Title>
        {item.status === 'removed' ? (
          <Text size="sm" c="dimmed">
            The files of removed content are no longer available.
          </Text>
        ) : (
          <MediaGrid item={item} />
        )}
        {failedVideo && (
          <Text size="sm" c="dimmed">
            This file could not be processed and a video holds one file: create a new video and upload another file.
          </Text>
        )}
        {editable && <Uploader item={item} />}
        {!editable && item.status !== 'removed' && item.media.length === 0 && (
          <Text size="sm" c="dimmed">
            No files.
          </Text>
        )}
      </Stack>

      {item.status !== 'removed' && (
        <>
          <Divider />
          <section aria-label="Free teaser">
            <TeaserChoice item={item} />
          </section>
        </>
      )}

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="item-details-title">
        <Title order={3} fz="md" id="item-details-title">
          Details
        </Title>
        <Details item={item} />
      </Stack>

      {editable && (
        <>
          <Divider />
          <SubmitForReview item={item} />
        </>
      )}
      {(item.status === 'rejected' || item.status === 'removed') && (
        <>
          <Divider />
          <AppealDecision item={item} />
        </>
      )}
    </Stack>
  );
}

/** One video or album: its files, uploads, details and review. */
export function ContentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 37.5em)');
  const item = useContentItem(id);
  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={item.data?.title ?? 'Loading...'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {item.data ? (
        <ItemView item={item.data} />
      ) : item.isError ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          classNames={{ title: contrast.orangeOnTint }}
          title="This item could not be loaded"
        >
          <Text size="sm">It may have been removed, or the connection dropped. Close this panel and try again.</Text>
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </Drawer>
  );
}
