import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@/shared/format';
import { checkAmount, toMinor } from '@/shared/money';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { useMessagingSettings } from '../hooks/use-conversations';
import { listAttachableItems, ownedAttachments } from '../services/messages.service';
import { MESSAGE_PRICE_MAX_MINOR, MESSAGE_PRICE_MIN_MINOR } from '../services/messages-types';

export interface AttachedSend {
  text: string;
  /** Set: the fan pays this to open the media (a pay-per-view message). */
  priceMinor?: number;
}

interface AttachPickerProps {
  opened: boolean;
  onClose: () => void;
  onSend: (contentIds: string[], options: AttachedSend) => Promise<void>;
  /** The conversation the items go to, and its fan as shown: the picker warns about items they own already. */
  conversationId?: string;
  recipient?: string;
}

/** The warning above the send button: the fan owns these already, so a priced message of only them opens free. */
export function ownedWarning(recipient: string, titles: string[], allOwned: boolean): string {
  const names = titles.map((title) => `“${title}”`).join(', ');
  const consequence = allOwned
    ? 'they will get this message free'
    : 'they pay your price for the rest, and the unlock marks what they own';
  return `${recipient} already owns ${names} (bought, or through their subscription): ${consequence}.`;
}

/** A creator picks approved items of their store to send in the conversation, with a line of text and, if they like, a price to unlock. */
export function AttachPicker({ opened, onClose, onSend, conversationId, recipient = 'This fan' }: AttachPickerProps) {
  const items = useQuery({ queryKey: ['messages', 'attachable'], queryFn: listAttachableItems, enabled: opened });
  const settings = useMessagingSettings(opened);
  const currency = settings.data?.storeCurrency ?? items.data?.[0]?.currency ?? 'EUR';
  const [chosen, setChosen] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [priced, setPriced] = useState(false);
  const [price, setPrice] = useState<number | string>('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const owned = useQuery({
    queryKey: ['messages', 'owned', conversationId, [...chosen].sort()],
    queryFn: () => ownedAttachments(conversationId!, chosen),
    enabled: opened && Boolean(conversationId) && chosen.length > 0,
  });
  const alreadyOwned =
    chosen.length > 0 ? (owned.data?.alreadyOwned ?? []).filter((item) => chosen.includes(item.contentId)) : [];

  const send = async () => {
    const problem = priced ? checkAmount(price, MESSAGE_PRICE_MIN_MINOR, MESSAGE_PRICE_MAX_MINOR, currency) : null;
    if (problem) return setPriceError(problem);
    setSending(true);
    try {
      await onSend(chosen, { text: text.trim(), ...(priced ? { priceMinor: toMinor(price) } : {}) });
      setChosen([]);
      setText('');
      setPriced(false);
      setPrice('');
      onClose();
    } finally {
      setSending(false);
    }
  };
  const label = chosen.length > 1 ? `${chosen.length} items` : 'item';

  return (
    <Modal opened={opened} onClose={onClose} title="Attach from your store" centered>
      <Stack gap="sm">
        {items.isPending && <Loader size="sm" role="status" aria-label="Loading your items" />}
        {items.isError && <Text c="red">Your items could not be loaded. Close this and try again.</Text>}
        {items.data?.length === 0 && (
          <Text c="dimmed">You have no approved items yet. Items appear here once moderators approve them.</Text>
        )}
        <Checkbox.Group value={chosen} onChange={setChosen} label="Approved items" hidden={!items.data?.length}>
          <Stack gap="xs" mt="xs">
            {items.data?.map((item) => (
              <Checkbox
                key={item.id}
                value={item.id}
                label={`${item.title} · ${item.kind === 'video' ? 'Video' : 'Album'} · ${formatMoney(item.priceMinor, item.currency)}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {Boolean(items.data?.length) && (
          <>
            <Textarea
              label="Message (optional)"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Switch
              label="Charge to unlock"
              description="The fan sees your text and a blurred placeholder, and pays to open the media."
              checked={priced}
              onChange={(event) => {
                setPriced(event.currentTarget.checked);
                setPriceError(null);
              }}
            />
            {priced && (
              <MoneyInput
                currency={currency}
                label="Price to unlock"
                description={`Between ${formatMoney(MESSAGE_PRICE_MIN_MINOR, currency)} and ${formatMoney(MESSAGE_PRICE_MAX_MINOR, currency)}`}
                withAsterisk
                value={price}
                error={priceError}
                onChange={(value) => {
                  setPrice(value);
                  setPriceError(null);
                }}
              />
            )}
          </>
        )}
        {alreadyOwned.length > 0 && (
          <Alert color="yellow" variant="light" role="status" title="Already theirs">
            {ownedWarning(
              recipient,
              alreadyOwned.map((item) => item.title),
              alreadyOwned.length === chosen.length,
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={chosen.length === 0} loading={sending} onClick={() => void send()}>
            {priced && toMinor(price) > 0
              ? `Send ${label} for ${formatMoney(toMinor(price), currency)}`
              : `Send ${label}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
