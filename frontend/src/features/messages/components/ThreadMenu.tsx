import { ActionIcon, Button, Group, Menu, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBan, IconBell, IconBellOff, IconDots, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { serviceMessage } from '@/shared/api-problems';
import { useBlock, useMute, useReport } from '../hooks/use-conversations';
import type { Conversation, ReportReason } from '../services/messages-types';

export const REPORT_REASONS: { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam or scam' },
  { value: 'impersonation', label: 'Pretending to be someone else' },
  { value: 'hate', label: 'Hate or harassment' },
  { value: 'violence', label: 'Violence or threats' },
  { value: 'non_consensual', label: 'Shared without consent' },
  { value: 'minor', label: 'Involves a minor' },
  { value: 'copyright', label: 'Copyright' },
  { value: 'extreme', label: 'Extreme content' },
  { value: 'bestiality', label: 'Animal abuse' },
  { value: 'other', label: 'Something else' },
];

const reportSchema = z.object({
  reason: z.string().min(1, 'Choose a reason'),
  details: z.string().trim().min(1, 'Tell us what happened').max(2000, 'At most 2,000 characters'),
});

function ReportModal({
  conversation,
  opened,
  onClose,
}: {
  conversation: Conversation;
  opened: boolean;
  onClose: () => void;
}) {
  const report = useReport(conversation.id);
  const form = useForm({
    initialValues: { reason: '', details: '' },
    validate: schemaResolver(reportSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await report.mutateAsync({ reason: values.reason as ReportReason, details: values.details.trim() });
      notify.success('Thanks. Our moderators review reports within 48 hours.', 'Report sent');
      form.reset();
      onClose();
    } catch (error) {
      notify.error(serviceMessage(error, 'The report was not sent. Please try again.'));
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Report your conversation with ${conversation.counterpart.name}`}
      centered
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <NativeSelect
            label="Reason"
            data={[{ value: '', label: 'Choose a reason', disabled: true }, ...REPORT_REASONS]}
            withAsterisk
            {...form.getInputProps('reason')}
          />
          <Textarea
            label="Details"
            description="What happened? Moderators see the recent messages too."
            autosize
            minRows={3}
            withAsterisk
            {...form.getInputProps('details')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={report.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Mute, block and report: each confirmed with a toast. */
export function ThreadMenu({ conversation }: { conversation: Conversation }) {
  const mute = useMute(conversation.id);
  const block = useBlock(conversation.id);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const name = conversation.counterpart.name;

  const toggleMute = async () => {
    try {
      await mute.mutateAsync(!conversation.muted);
      notify.success(
        conversation.muted ? 'Conversation unmuted' : 'Conversation muted: it no longer counts in your badge',
      );
    } catch (error) {
      notify.error(serviceMessage(error, 'That did not work. Please try again.'));
    }
  };
  const toggleBlock = async () => {
    try {
      await block.mutateAsync(!conversation.blockedByMe);
      notify.success(conversation.blockedByMe ? `You unblocked ${name}` : `You blocked ${name}`);
      setDialog(null);
    } catch (error) {
      notify.error(serviceMessage(error, 'That did not work. Please try again.'));
    }
  };

  return (
    <>
      {/* The trigger sits in the thread header, which never scrolls away. */}
      <Menu position="bottom-end" withinPortal hideDetached={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Conversation options">
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={conversation.muted ? <IconBell size={16} /> : <IconBellOff size={16} />}
            onClick={() => void toggleMute()}
          >
            {conversation.muted ? 'Unmute' : 'Mute'}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBan size={16} />}
            onClick={() => (conversation.blockedByMe ? void toggleBlock() : setDialog('block'))}
          >
            {conversation.blockedByMe ? 'Unblock' : 'Block'}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconFlag size={16} />} onClick={() => setDialog('report')}>
            Report
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={dialog === 'block'}
        onClose={() => setDialog(null)}
        title={`Block ${name}?`}
        confirmLabel="Block"
        confirmColor="red"
        pending={block.isPending}
        onConfirm={() => void toggleBlock()}
      >
        <Text size="sm">Neither of you can send messages while the block stands. You can unblock them later.</Text>
      </ConfirmModal>
      <ReportModal conversation={conversation} opened={dialog === 'report'} onClose={() => setDialog(null)} />
    </>
  );
}
