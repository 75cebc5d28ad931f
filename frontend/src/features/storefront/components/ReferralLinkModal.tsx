import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useCreateReferralLink } from '@/features/purchases';
import { copyWithToast } from '@/shared/clipboard';
import { type ContentItem } from '../services/storefront.service';
import { errorMessage } from '@/shared/api-problems';

/** 'Share & earn': creates (or finds) the fan's referral link for an album and shows it with a copy button. */
export function ReferralLinkModal({
  item,
  percent,
  onClose,
}: {
  item: ContentItem | null;
  percent: number;
  onClose: () => void;
}) {
  const create = useCreateReferralLink();
  const { mutate, reset } = create;
  useEffect(() => {
    if (item) mutate(item.id);
    else reset();
  }, [item, mutate, reset]);

  return (
    <Modal opened={Boolean(item)} onClose={onClose} title="Share & earn" centered zIndex={500}>
      <Stack gap="md">
        <Text size="sm">
          Share this link to “{item?.title}”. You earn {percent}% of every purchase made through it, paid from the
          platform’s share with your monthly payout.
        </Text>
        {create.isPending && (
          <Center py="sm">
            <Loader size="sm" aria-label="Creating your link" />
          </Center>
        )}
        {create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
        {create.data && (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Your referral link"
              value={create.data.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              leftSection={<IconCopy size={16} />}
              onClick={() => void copyWithToast(create.data.url, 'Referral link')}
            >
              Copy
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
