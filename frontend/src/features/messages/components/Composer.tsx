import { ActionIcon, Alert, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCoin, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { sendErrorMessage } from '../services/message-errors';
import { MESSAGE_MAX_LENGTH } from '../services/messages-types';

const schema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write a message first')
    .max(MESSAGE_MAX_LENGTH, `A message has at most ${MESSAGE_MAX_LENGTH.toLocaleString('en')} characters`),
});

export interface ComposerProps {
  onSend: (text: string) => Promise<void>;
  onTyping?: () => void;
  /** Creators: opens the picker over their approved store items. */
  onAttach?: () => void;
  disabledReason?: string | null;
  /** A line above the box, e.g. a paid creator's price per message. */
  note?: string | null;
}

/** Writes one message: Enter sends, Shift+Enter starts a new line; the text stays when sending fails. */
export function Composer({ onSend, onTyping, onAttach, disabledReason, note }: ComposerProps) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm({
    initialValues: { text: '' },
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: false,
  });
  const length = form.values.text.length;

  const submit = form.onSubmit(async ({ text }) => {
    setError(null);
    setSending(true);
    const trimmed = text.trim();
    form.setFieldValue('text', '');
    try {
      await onSend(trimmed);
    } catch (failure) {
      form.setFieldValue('text', text);
      setError(sendErrorMessage(failure));
    } finally {
      setSending(false);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (disabledReason) {
    return (
      <Alert color="gray" variant="light" role="status">
        {disabledReason}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} aria-label="Write a message">
      <Stack gap={4}>
        {note && (
          <Group gap={6} wrap="nowrap">
            <IconCoin size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" fw={600}>
              {note}
            </Text>
          </Group>
        )}
        {error && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {onAttach && (
            <Tooltip label="Attach from your store">
              <ActionIcon variant="default" size="lg" onClick={onAttach} aria-label="Attach from your store">
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Textarea
            style={{ flex: 1 }}
            aria-label="Message"
            placeholder="Write a message"
            autosize
            minRows={1}
            maxRows={6}
            {...form.getInputProps('text')}
            onChange={(event) => {
              form.setFieldValue('text', event.currentTarget.value);
              form.clearFieldError('text');
              onTyping?.();
            }}
            onKeyDown={onKeyDown}
          />
          <ActionIcon type="submit" size="lg" loading={sending} aria-label="Send message">
            <IconSend size={18} />
          </ActionIcon>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Enter to send, Shift+Enter for a new line
          </Text>
          <Text size="xs" c={length > MESSAGE_MAX_LENGTH ? 'red' : 'dimmed'} aria-live="polite">
            {length.toLocaleString('en')} / {MESSAGE_MAX_LENGTH.toLocaleString('en')}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
