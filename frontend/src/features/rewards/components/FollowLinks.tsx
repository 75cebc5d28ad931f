import { Button, SimpleGrid, VisuallyHidden } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { SOCIAL_ICONS } from '@/features/layout';
import { SectionCard } from '@/shared/ui/SectionCard';
import { FOLLOW_CHANNELS } from '../social';

export function FollowLinks() {
  return (
    <SectionCard
      icon={<IconUsers size={22} />}
      title="Follow us"
      description="Airdrop snapshot and draw dates are announced on our official channels first."
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {FOLLOW_CHANNELS.map(({ name, url }) => {
          const Icon = SOCIAL_ICONS[name];
          return (
            <Button
              key={name}
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<Icon size={18} />}
            >
              {name}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Button>
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}
