import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyWithToast } from '@/shared/clipboard';
import type { CryptoPaymentDto } from '../../services/purchase-types';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text ff="monospace" fz="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {value}
        </Text>
        <Tooltip label={`Copy ${label.toLowerCase()}`}>
          <ActionIcon
            variant="light"
            aria-label={`Copy ${label.toLowerCase()}`}
            onClick={() => void copyWithToast(value, label)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

/** Where to send the token payment: the Solana address and the exact amount. */
export function CryptoDetails({ crypto }: { crypto: CryptoPaymentDto }) {
  return (
    <Paper withBorder radius="md" p="md" aria-label="Crypto payment details" component="section">
      <Stack gap="sm">
        <Text size="sm">
          Send exactly this amount to the address below on the {crypto.network === 'solana' ? 'Solana' : crypto.network}{' '}
          network.
        </Text>
        <Row label="Amount" value={crypto.amountToken} />
        <Row label="Solana address" value={crypto.address} />
      </Stack>
    </Paper>
  );
}
