import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { serviceMessage } from '@/shared/api-problems';
import { formatMoney } from '@/shared/format';
import { checkAmount, toMinor } from '@/shared/money';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import { useMessagingSettings } from '../hooks/use-conversations';
import { useAudience, useSendMassMessage } from '../hooks/use-mass-messages';
import { listAttachableItems } from '../services/messages.service';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_PRICE_MAX_MINOR,
  MESSAGE_PRICE_MIN_MINOR,
  type MassSegment,
} from '../services/messages-types';

export const SEGMENT_LABELS: Record<MassSegment, string> = {
  subscribers_active: 'Active subscribers',
  subscribers_expired: 'Expired subscribers',
  buyers: 'Buyers of an item',
  favourites: 'Fans who favourited your store',
};

const fans = (n: number) => (n === 1 ? '1 fan' : `${n.toLocaleString('en')} fans`);

/** Writes one message to a segment of the creator's fans: who (with a live count), what, and an optional price; confirmed before it goes. */
export function MassComposer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const items = useQuery({ queryKey: ['messages', 'attachable'], queryFn: listAttachableItems, enabled: opened });
  const settings = useMessagingSettings(opened);
  const currency = settings.data?.storeCurrency ?? items.data?.[0]?.currency ?? 'EUR';
  const [segment, setSegment] = useState<MassSegment>('subscribers_active');
  const [contentId, setContentId] = useState('');
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<string[]>([]);
  const [priced, setPriced] = useState(false);
  const [price, setPrice] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const clientId = useRef(crypto.randomUUID());
  const audience = useAudience(segment, contentId || null);
  const send = useSendMassMessage();
  const recipients = audience.data?.recipients ?? null;

  const reset = () => {
    setText('');
    setAttachments([]);
    setPriced(false);
    setPrice('');
    setProblem(null);
    setConfirming(false);
    clientId.current = crypto.randomUUID();
  };

  const review = () => {
    if (segment === 'buyers' && !contentId) return setProblem('Choose the item whose buyers get this message.');
    if (!text.trim() && attachments.length === 0) return setProblem('Write a message or attach an item.');
    if (text.length > MESSAGE_MAX_LENGTH)
      return setProblem(`A message has at most ${MESSAGE_MAX_LENGTH.toLocaleString('en')} characters.`);
    if (priced && attachments.length === 0) return setProblem('A priced message needs at least one attached item.');
    if (priced) {
      const wrong = checkAmount(price, MESSAGE_PRICE_MIN_MINOR, MESSAGE_PRICE_MAX_MINOR, currency);
      if (wrong) return setProblem(wrong);
    }
    setProblem(null);
    setConfirming(true);
  };

  const submit = async () => {
    try {
      await send.mutateAsync({
        clientId: clientId.current,
        segment,
        ...(segment === 'buyers' ? { contentId } : {}),
        ...(text.trim() ? { text: text.trim() } : {}),
        ...(attachments.length ? { attachments } : {}),
        ...(priced ? { priceMinor: toMinor(price) } : {}),
      });
      notify.success(
        recipients === null ? 'Your message is on its way' : `Your message is on its way to ${fans(recipients)}`,
        'Mass message sent',
      );
      reset();
      onClose();
    } catch (error) {
      setConfirming(false);
      setProblem(serviceMessage(error, 'Your message was not sent. Please try again.'));
    }
  };

  const itemOptions = (items.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.title} (${item.kind === 'video' ? 'video' : 'album'})`,
  }));

  return (
    <Modal opened={opened} onClose={send.isPending ? () => {} : onClose} title="New mass message" centered size="lg">
      {confirming ? (
        <Stack gap="md">
          <Text size="sm">
            {fans(recipients ?? 0)} in “{SEGMENT_LABELS[segment]}” get this message in their conversation with you
            {priced ? `, and pay ${formatMoney(toMinor(price), currency)} to open its media` : ''}. You can unsend it
            later.
          </Text>
          {text.trim() && (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              “{text.trim()}”
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={send.isPending}>
              Back
            </Button>
            <Button
              loading={send.isPending}
              onClick={() => void submit()}
              data-autofocus
              leftSection={<IconUsers size={16} />}
            >
              Send to {fans(recipients ?? 0)}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <NativeSelect
            label="Send to"
            data={Object.entries(SEGMENT_LABELS).map(([value, label]) => ({ value, label }))}
            value={segment}
            onChange={(event) => {
              setSegment(event.currentTarget.value as MassSegment);
              setProblem(null);
            }}
          />
          {segment === 'buyers' && (
            <NativeSelect
              label="Item"
              description="Fans who bought this item get the message."
              data={[
                { value: '', label: items.isPending ? 'Loading your items…' : 'Choose an item', disabled: true },
                ...itemOptions,
              ]}
              value={contentId}
              onChange={(event) => setContentId(event.currentTarget.value)}
            />
          )}
          <Group gap={6} aria-live="polite" data-testid="audience">
            <IconUsers size={16} aria-hidden />
            {audience.isFetching && recipients === null ? (
              <Loader size="xs" role="status" aria-label="Counting fans" />
            ) : (
              <Text size="sm" fw={600}>
                {segment === 'buyers' && !contentId
                  ? 'Choose an item to see how many fans this reaches'
                  : audience.isError
                    ? 'The audience could not be counted'
                    : `Reaches ${fans(recipients ?? 0)}`}
              </Text>
            )}
          </Group>
          <Textarea
            label="Message"
            placeholder="Say something to your fans"
            autosize
            minRows={3}
            maxRows={8}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            description={`${text.length.toLocaleString('en')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en')}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {items.data && items.data.length > 0 && (
            <Checkbox.Group value={attachments} onChange={setAttachments} label="Attach from your store">
              <Stack gap="xs" mt="xs">
                {items.data.map((item) => (
                  <Checkbox
                    key={item.id}
                    value={item.id}
                    label={`${item.title} · ${item.kind === 'video' ? 'Video' : 'Album'}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Switch
            label="Charge to unlock"
            description={
              'Fans see your text and a blurred placeholder, and pay to open the media. ' +
              'A fan who already owns every attached item (bought, or through their subscription) gets it free.'
            }
            checked={priced}
            onChange={(event) => setPriced(event.currentTarget.checked)}
          />
          {priced && (
            <MoneyInput
              currency={currency}
              label="Price to unlock"
              description={`Between ${formatMoney(MESSAGE_PRICE_MIN_MINOR, currency)} and ${formatMoney(MESSAGE_PRICE_MAX_MINOR, currency)}`}
              value={price}
              onChange={setPrice}
            />
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={review} disabled={recipients === 0}>
              {recipients === 0 ? 'No fans in this segment' : 'Review and send'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
