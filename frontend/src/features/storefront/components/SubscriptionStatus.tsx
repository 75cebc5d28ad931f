import { Badge, Button, Group } from '@mantine/core';
import { IconCircleCheck, IconPlayerPlay, IconX } from '@tabler/icons-react';
import type { PublicStore } from '../services/storefront.service';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';
import contrast from '@/shared/ui/contrast.module.css';

type MySubscription = NonNullable<PublicStore['mySubscription']>;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** Subscribed, when the answer does not say until when. */
export function SubscribedBadge({ children = 'Subscribed' }: { children?: string }) {
  return (
    <Badge
      size="xl"
      radius="sm"
      variant="light"
      color="green"
      tt="none"
      fw={600}
      leftSection={<IconCircleCheck size={18} />}
      classNames={{ label: contrast.greenOnTint }}
      // A date in words does not fit a phone's badge on one line: it wraps instead of being cut off.
      styles={{
        root: { height: 'auto', minHeight: 36, paddingBlock: 6, maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {children}
    </Badge>
  );
}

export interface SubscriptionStatusProps {
  subscription: MySubscription;
  changing: boolean;
  /** Turns automatic renewal off (cancel) or back on (resume). */
  onChange: (autoRenew: boolean) => void;
}

/** A subscriber's state on the store page: when it renews or ends, with cancel or resume. */
export function SubscriptionStatus({ subscription, changing, onChange }: SubscriptionStatusProps) {
  const renews = subscription.status === 'active' && subscription.autoRenew;
  // A subscription cancelled for good (not just its renewal) runs to its end and cannot be resumed.
  const resumable = subscription.status === 'active' && !subscription.autoRenew;
  return (
    <Group gap="sm" wrap="wrap" w={FULL_WIDTH_ON_PHONES}>
      <SubscribedBadge>
        {renews
          ? `Subscribed · renews ${day(subscription.currentPeriodEnd)}`
          : `Subscribed · ends ${day(subscription.currentPeriodEnd)}`}
      </SubscribedBadge>
      {renews && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconX size={16} />}
          loading={changing}
          onClick={() => onChange(false)}
        >
          Cancel renewal
        </Button>
      )}
      {resumable && (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlayerPlay size={16} />}
          loading={changing}
          onClick={() => onChange(true)}
        >
          Resume
        </Button>
      )}
    </Group>
  );
}
