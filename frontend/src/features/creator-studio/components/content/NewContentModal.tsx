import { Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';
import { KINDS } from '../../content-kinds';
import { useCreateContent } from '../../hooks/use-content-queries';
import { useMyStore } from '../../hooks/use-store-queries';
import { errorCode } from '@/shared/api-problems';
import type { ContentItem, ContentKind } from '../../services/content.service';
import { toMajor, type Currency } from '@/shared/money';
import { NotVerifiedAlert } from '../NotVerifiedAlert';
import { ContentFieldsForm, type ContentFieldsFormProps, type ContentFormValues } from './ContentFieldsForm';

/** Starts from the store's default price and currency when there is a store, otherwise the platform's (9.99 / 14.99 USD). */
function CreateForm({
  kind,
  ...props
}: { kind: ContentKind } & Omit<ContentFieldsFormProps, 'initial' | 'submitLabel'>) {
  const store = useMyStore();
  if (store.isPending) return <Skeleton height={320} radius="md" aria-label="Loading" />;
  const content = store.data?.content;
  const priceMinor =
    kind === 'video' ? (content?.defaultVideoPriceMinor ?? 999) : (content?.defaultAlbumPriceMinor ?? 1499);
  const initial: ContentFormValues = {
    title: '',
    description: '',
    price: toMajor(priceMinor),
    currency: (content?.currency ?? 'USD') as Currency,
  };
  return <ContentFieldsForm initial={initial} submitLabel="Create draft" {...props} />;
}

export function NewContentModal({
  kind,
  opened,
  onClose,
  onCreated,
}: {
  kind: ContentKind;
  opened: boolean;
  onClose: () => void;
  onCreated: (item: ContentItem) => void;
}) {
  const copy = KINDS[kind];
  const create = useCreateContent(kind);
  const [notVerified, setNotVerified] = useState(false);

  const submit = async (fields: Parameters<typeof create.mutateAsync>[0]) => {
    try {
      const item = await create.mutateAsync(fields);
      notify.success(copy.createdToast);
      onCreated(item);
    } catch (error) {
      if (errorCode(error) === 'not_verified') return setNotVerified(true);
      throw error;
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={copy.newLabel} size="lg" centered>
      {notVerified ? (
        <NotVerifiedAlert action="upload" />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {`The ${copy.noun} starts as a draft that only you can see. You upload its files next.`}
          </Text>
          {opened && <CreateForm kind={kind} onSubmit={submit} onCancel={onClose} />}
        </Stack>
      )}
    </Modal>
  );
}
