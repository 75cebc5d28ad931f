import { Badge, Box, Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowBackUp, IconGift, IconLock, IconLockOpen } from '@tabler/icons-react';
import { formatMoney, formatTime } from '@/shared/format';
import type { ThreadMessage } from '../services/messages-types';
import { AttachmentThumb } from './AttachmentThumb';
import { LockedAttachment } from './LockedAttachment';
import classes from './messages.module.css';
import paid from './paid-messages.module.css';

export interface BubbleActions {
  /** The fan unlocks a priced message through the checkout. */
  onUnlock?: (message: ThreadMessage) => void;
  /** The creator takes back a priced message. */
  onUnsend?: (message: ThreadMessage) => void;
  /** The fan pays the fee of a message held for payment. */
  onPay?: (message: ThreadMessage) => void;
  /** The fee's checkout is being opened for this message. */
  paying?: boolean;
  /** The creator's price per message, formatted (a fan's view of a paid creator). */
  fee?: string | null;
}

function TipBubble({ message, mine }: { message: ThreadMessage; mine: boolean }) {
  const amount = message.tip ? formatMoney(message.tip.amountMinor, message.tip.currency) : null;
  return (
    <Box className={paid.tip} data-testid="message" data-kind="tip">
      <Group gap={8} justify="center" wrap="nowrap">
        <ThemeIcon color="grape" variant="light" radius="xl" size="md" aria-hidden>
          <IconGift size={16} />
        </ThemeIcon>
        <Text fw={700} size="sm">
          {mine ? `You sent a tip${amount ? ` of ${amount}` : ''}` : `Tip${amount ? ` of ${amount}` : ''}`}
        </Text>
      </Group>
      {message.text && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{message.text}”
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {formatTime(message.createdAt)}
      </Text>
    </Box>
  );
}

/** What a priced message opens, named for its unlock box: "opens “Album”, “Video” (yours already)". */
export function unlockSummary(items: { title: string; owned: boolean }[]): string | null {
  if (items.length === 0) return null;
  return `opens ${items.map((item) => `“${item.title || 'Untitled'}”${item.owned ? ' (yours already)' : ''}`).join(', ')}`;
}

/** One message: text and media, a tip card, a locked priced message with its unlock, or the sender's view of one they priced. */
export function MessageBubble({
  message,
  mine,
  seen,
  onUnlock,
  onUnsend,
  onPay,
  paying,
  fee,
}: { message: ThreadMessage; mine: boolean; seen: boolean } & BubbleActions) {
  if (message.kind === 'tip') return <TipBubble message={message} mine={mine} />;
  const price = message.price ? formatMoney(message.price.amountMinor, message.price.currency) : null;
  const locked = message.locked === true;
  const awaiting = message.status === 'awaiting_payment';
  const withdrawn = message.withdrawn === true;
  const unlocks = message.unlocks ?? [];
  const opens = unlockSummary(unlocks);
  // Unlocked without buying it: the fan owns every item in it (a purchase or their subscription), so it opened free.
  const ownedFree = !locked && !mine && unlocks.length > 0 && unlocks.every((item) => item.owned);
  // White text on the brand colour of one's own bubble: the buttons there are white too.
  const onBrand = mine ? { variant: 'white' as const } : {};

  return (
    <Box
      className={`${classes.bubble} ${mine ? classes.mine : classes.theirs} ${withdrawn ? paid.withdrawn : ''}`}
      data-pending={message.pending || undefined}
      data-testid="message"
      data-locked={locked || undefined}
    >
      {message.text && (
        <Text size="sm" inherit>
          {message.text}
        </Text>
      )}
      {message.attachments.map((attachment) =>
        locked || attachment.locked ? (
          <LockedAttachment key={attachment.contentId} attachment={attachment} />
        ) : (
          <AttachmentThumb
            key={attachment.contentId}
            conversationId={message.conversationId}
            messageId={message.id}
            attachment={attachment}
          />
        ),
      )}
      {locked && price && !withdrawn && (
        <>
          <Button
            mt={8}
            fullWidth
            leftSection={<IconLockOpen size={16} />}
            aria-label={opens ? `Unlock for ${price}: ${opens}` : undefined}
            onClick={() => onUnlock?.(message)}
          >
            {`Unlock for ${price}`}
          </Button>
          {/* What it opens goes under the button, where a long title wraps instead of being cut off on a phone. */}
          {opens && (
            <Text size="xs" mt={4} aria-hidden>
              {opens.charAt(0).toUpperCase() + opens.slice(1)}
            </Text>
          )}
        </>
      )}
      {!locked && price && !mine && (
        <Group gap={4} mt={6}>
          <IconLockOpen size={14} aria-hidden />
          <Text size="xs">{ownedFree ? 'Free for you: you already own what it opens' : `Unlocked · ${price}`}</Text>
        </Group>
      )}
      {mine && price && (
        <div className={paid.priceRow}>
          <Badge size="sm" variant="white" color="dark" tt="none" leftSection={<IconLock size={11} aria-hidden />}>
            {price}
          </Badge>
          <Text size="xs" fw={600} c="inherit">
            {message.unlockCount ?? 0} bought
          </Text>
          {withdrawn ? (
            <Badge size="sm" variant="white" color="dark" tt="none">
              Unsent
            </Badge>
          ) : (
            onUnsend && (
              <Button
                size="compact-xs"
                {...onBrand}
                color="dark"
                leftSection={<IconArrowBackUp size={12} />}
                onClick={() => onUnsend(message)}
                ml="auto"
              >
                Unsend
              </Button>
            )
          )}
        </div>
      )}
      {mine && awaiting && (
        <Box mt={8}>
          <Text size="xs" fw={600} c="inherit">
            Not delivered yet: the creator gets it once you pay.
          </Text>
          {onPay && (
            <Button
              mt={6}
              size="xs"
              fullWidth
              {...onBrand}
              color="dark"
              loading={paying}
              leftSection={<IconLock size={14} />}
              onClick={() => onPay(message)}
            >
              {fee ? `Pay ${fee} to send` : 'Pay to send'}
            </Button>
          )}
        </Box>
      )}
      <Text className={classes.meta} ta={mine ? 'right' : 'left'}>
        {message.pending ? 'Sending…' : formatTime(message.createdAt)}
        {seen && ' · Seen'}
      </Text>
    </Box>
  );
}
