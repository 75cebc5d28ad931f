import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';
import { serviceMessage } from '@/shared/api-problems';
import { SectionCard } from '@/shared/ui/SectionCard';
import { usePayoutMethod, useRemovePayoutMethod } from '../../hooks/use-payouts';
import { useReauthenticated } from '../../hooks/use-reauthenticated';
import { isReauthenticationNeeded } from '../../services/reauthenticate.service';
import { ReauthenticateModal } from './ReauthenticateModal';
import type { PayoutMethod } from '../../services/earnings-types';
import { LoadError } from '@/shared/ui/LoadError';
import { PayoutMethodForm } from './PayoutMethodForm';

function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} fz="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function MethodDetails({ method }: { method: PayoutMethod }) {
  return method.kind === 'bank' ? (
    <Stack gap="sm">
      <Field label="Method" value="Bank transfer" />
      <Field label="Account holder" value={method.accountHolder} />
      <Field label="IBAN" value={`•••• ${method.ibanLast4}`} mono />
      <Field label="Currency" value={method.currency} />
    </Stack>
  ) : (
    <Stack gap="sm">
      <Field label="Method" value="Crypto (Solana)" />
      <Field label="Wallet address" value={method.address} mono />
    </Stack>
  );
}

export function PayoutMethodCard({ defaultCurrency }: { defaultCurrency: string }) {
  const method = usePayoutMethod();
  const remove = useRemovePayoutMethod();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const reauthentication = useReauthenticated();

  const removeMethod = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      notify.success('Payout method removed');
    } catch (error) {
      // A stale sign-in: the confirm dialog opens and retries the removal.
      if (isReauthenticationNeeded(error)) throw error;
      notify.error(serviceMessage(error, 'Your payout method could not be removed. Please try again.'));
    }
  };
  const onRemove = () => reauthentication.run(removeMethod);

  const current = method.data ?? null;
  return (
    <SectionCard
      icon={<IconBuildingBank size={22} />}
      title="Payout method"
      description="Where your monthly payouts are sent: a bank account (IBAN) or a Solana wallet."
    >
      {method.isPending ? (
        <Skeleton height={120} radius="sm" aria-label="Loading payout method" />
      ) : method.isError ? (
        <LoadError title="Your payout method could not be loaded" onRetry={() => void method.refetch()} />
      ) : current === null || editing ? (
        <PayoutMethodForm
          current={current}
          defaultCurrency={defaultCurrency}
          onDone={() => setEditing(false)}
          onCancel={editing ? () => setEditing(false) : undefined}
        />
      ) : (
        <Stack gap="md">
          <MethodDetails method={current} />
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
              aria-label="Change payout method"
            >
              Change
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
              aria-label="Remove payout method"
            >
              Remove
            </Button>
          </Group>
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Remove payout method?" centered>
        <Stack gap="md">
          <Text size="sm">Payouts wait until you add a new payout method.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void onRemove()}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ReauthenticateModal {...reauthentication.modalProps} />
    </SectionCard>
  );
}
