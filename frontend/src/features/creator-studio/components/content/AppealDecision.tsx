import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconScale } from '@tabler/icons-react';
import { useAuthSession } from '@/features/auth';
import { CaseFormModal, useSubmitAppeal } from '@/features/storefront';
import type { ContentItem } from '../../services/content.service';

export const APPEAL_SENT = 'Appeal sent. We resolve appeals within 7 business days.';

/** A rejected or removed item: the creator may ask for the decision to be reviewed again (POST /api/moderation/appeals). */
export function AppealDecision({ item }: { item: ContentItem }) {
  const [opened, modal] = useDisclosure(false);
  const appeal = useSubmitAppeal();
  const { session } = useAuthSession();
  const reason = item.status === 'removed' ? 'creator_removal' : 'creator_rejection';
  const decision = item.status === 'removed' ? 'removal' : 'rejection';

  return (
    <>
      <Group justify="space-between" gap="sm" align="center">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {`Think the ${decision} was a mistake? Ask our moderators to look again.`}
        </Text>
        <Button variant="default" leftSection={<IconScale size={16} />} onClick={modal.open}>
          Appeal this decision
        </Button>
      </Group>
      <CaseFormModal
        opened={opened}
        onClose={modal.close}
        title="Appeal this decision"
        intro={`Tell us why the ${decision} of “${item.title}” should be reviewed. Appeals are resolved within 7 business days.`}
        fixedReason={reason}
        detailsDescription="Why the decision should change, and anything the moderator may have missed."
        initialEmail={session?.user.email ?? ''}
        emailRequired
        emailDescription="We email you the outcome."
        submitLabel="Send appeal"
        successText={APPEAL_SENT}
        confirmWith="toast"
        pending={appeal.isPending}
        onSubmit={(values) =>
          appeal.mutateAsync({
            subjectType: 'content',
            subjectId: item.id,
            reason,
            details: values.details,
            email: values.email ?? '',
          })
        }
      />
    </>
  );
}
