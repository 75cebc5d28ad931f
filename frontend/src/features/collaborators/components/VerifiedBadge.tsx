import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconRosetteDiscountCheck } from '@tabler/icons-react';
import contrast from '@/shared/ui/contrast.module.css';

/** Whether the person's identity check was accepted: only verified people may appear in content. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge
      color="teal"
      variant="light"
      tt="none"
      leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
      classNames={{ label: contrast.tealOnTint }}
    >
      Verified
    </Badge>
  ) : (
    <Badge
      color="orange"
      variant="light"
      tt="none"
      leftSection={<IconAlertTriangle size={14} aria-hidden />}
      classNames={{ label: contrast.orangeOnTint }}
    >
      Not verified
    </Badge>
  );
}
