import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { copyWithToast } from '@/shared/clipboard';
import { storePath, type Store } from '../../services/store.service';

/** The store's public address, with copy and a link to the store as fans see it. */
export function StoreAddressCard({ store }: { store: Store }) {
  const path = storePath(store.slug);
  const url = `${window.location.origin}${path}`;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Store address">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Your store address
          </Text>
          {store.status === 'suspended' ? (
            <Badge color="red" variant="light" tt="none">
              Suspended
            </Badge>
          ) : (
            <Badge color="green" variant="light" tt="none">
              Open
            </Badge>
          )}
        </Group>
        <Text fw={600} ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="store-url">
          {url}
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconCopy size={16} />}
            onClick={() => void copyWithToast(url, 'Store URL')}
          >
            Copy link
          </Button>
          <Button
            component="a"
            href={path}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            View store
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
