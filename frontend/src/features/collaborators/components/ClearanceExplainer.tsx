import { List, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { SectionCard } from '@/shared/ui/SectionCard';

/** SPEC §5: featured collaborators must be verified and on the collaboration list, or the content is rejected. */
export function ClearanceExplainer() {
  return (
    <SectionCard
      icon={<IconShieldCheck size={22} />}
      title="Who may appear in your content"
      description="Before a video or photo album goes live, everyone who appears in it must:"
    >
      <List size="sm" spacing={6} withPadding>
        <List.Item>be verified with a government ID;</List.Item>
        <List.Item>
          be on your collaborator list with permission for that kind of content (videos or photo albums);
        </List.Item>
        <List.Item>have a signed release form on file.</List.Item>
      </List>
      <Text size="sm" fw={600}>
        Otherwise the content is rejected at review.
      </Text>
    </SectionCard>
  );
}
