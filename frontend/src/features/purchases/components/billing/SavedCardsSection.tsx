import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';
import { BRAND } from '../../../../lib/site';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { errorMessage } from '@/shared/api-problems';
import { useRemoveSavedCard, useSavedCards } from '../../hooks/use-purchase-queries';
import { cardExpiry, cardLabel } from '../../purchase-labels';
import type { SavedCardDto } from '../../services/purchase-types';
import { LoadError } from '@/shared/ui/LoadError';
import { PageSection } from '../PageSection';

function SavedCard({ card, onRemove }: { card: SavedCardDto; onRemove: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={cardLabel(card)}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" radius="md" size="lg">
            <IconCreditCard size={20} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Text fw={600}>{cardLabel(card)}</Text>
            <Text size="sm" c="dimmed">
              Expires {cardExpiry(card.expMonth, card.expYear)}
            </Text>
          </Stack>
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={onRemove}
          aria-label={`Remove ${cardLabel(card)}`}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** The cards the acquirer saved for one-tap paying on its page; removing one asks first. */
export function SavedCardsSection() {
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();
  const [removing, setRemoving] = useState<SavedCardDto | null>(null);

  let body;
  if (cards.isPending) body = <Text c="dimmed">Loading your saved cards…</Text>;
  else if (cards.isError)
    body = <LoadError title="Your saved cards could not be loaded" onRetry={() => void cards.refetch()} />;
  else if (cards.data.length === 0) {
    body = (
      <Paper withBorder radius="md" p="md">
        {/* The payment page saves the card a subscription is paid with (renewals need it); it offers no checkbox for other payments. */}
        <Text c="dimmed">
          No saved cards. Tick “Save this card” on the payment page, or subscribe (a subscription renews on its card),
          and it is offered for one-tap paying next time.
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {cards.data.map((card) => (
          <SavedCard key={card.id} card={card} onRemove={() => setRemoving(card)} />
        ))}
      </Stack>
    );
  }

  return (
    <PageSection
      id="saved-cards-title"
      title="Saved cards"
      description={`Kept by our payment provider. ${BRAND} stores only the brand, the last four digits and the expiry date.`}
    >
      {body}
      <ConfirmModal
        opened={Boolean(removing)}
        onClose={() => setRemoving(null)}
        title="Remove this card?"
        cancelLabel="Keep card"
        confirmLabel="Remove card"
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notify.success('The card was removed.');
            },
            onError: (error) => notify.error(errorMessage(error, 'The card could not be removed. Please try again.')),
          })
        }
      >
        {removing && <Text size="sm">{cardLabel(removing)} will no longer be offered when you pay.</Text>}
      </ConfirmModal>
    </PageSection>
  );
}
