import { Button, Divider, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserMinus } from '@tabler/icons-react';
import { useId } from 'react';
import { useRemoveCollaboration, useUpdatePermissions } from '../hooks/use-collaborations';
import { formatDate, storeLabel, type Collaboration, type Permissions } from '../services/collaborations.service';
import { ConfirmDialog } from './ConfirmDialog';
import danger from './danger.module.css';
import { PersonHeader } from './PersonHeader';
import { ReleaseFormField } from './ReleaseFormField';
import { VerifiedBadge } from './VerifiedBadge';

/** An approved collaborator: what they may appear in (saved on each toggle), their release form, Remove. */
export function CollaboratorItem({ entry }: { entry: Collaboration }) {
  const headingId = useId();
  const permissionsId = useId();
  const who = storeLabel(entry.collaboratorStore);
  const [removing, removeDialog] = useDisclosure(false);
  const permissions = useUpdatePermissions();
  const remove = useRemoveCollaboration();
  // While a change is saving, the switches show it; a refusal falls back to what the server has.
  const shown: Permissions = permissions.isPending ? permissions.variables : entry;
  const save = (change: Partial<Permissions>) =>
    permissions.mutate({ id: entry.id, canVideos: shown.canVideos, canAlbums: shown.canAlbums, ...change });

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <PersonHeader id={headingId} name={who} badge={<VerifiedBadge verified={entry.collaboratorVerified} />} />
            {entry.decidedAt && (
              <Text size="xs" c="dimmed">
                <time dateTime={entry.decidedAt}>{`Approved ${formatDate(entry.decidedAt)}`}</time>
              </Text>
            )}
          </Stack>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconUserMinus size={14} />}
            onClick={removeDialog.open}
            disabled={remove.isPending}
            aria-label={`Remove ${who}`}
            classNames={{ label: danger.dangerText, section: danger.dangerText }}
          >
            Remove
          </Button>
        </Group>

        <Stack gap={6}>
          <Text id={permissionsId} size="xs" c="dimmed" fw={600} tt="uppercase">
            May appear in
          </Text>
          <Group
            role="group"
            aria-labelledby={`${permissionsId} ${headingId}`}
            style={{ columnGap: 'var(--mantine-spacing-xl)', rowGap: 'var(--mantine-spacing-sm)' }}
          >
            <Switch
              label="Videos"
              checked={shown.canVideos}
              disabled={permissions.isPending}
              onChange={(event) => save({ canVideos: event.currentTarget.checked })}
            />
            <Switch
              label="Photo albums"
              checked={shown.canAlbums}
              disabled={permissions.isPending}
              onChange={(event) => save({ canAlbums: event.currentTarget.checked })}
            />
          </Group>
        </Stack>

        <Divider />
        <ReleaseFormField entry={entry} person={who} />
      </Stack>

      <ConfirmDialog
        opened={removing}
        onClose={removeDialog.close}
        title="Remove collaborator?"
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(entry.id, { onSuccess: removeDialog.close })}
      >
        {`${who} will no longer be on your collaborator list, and content that features them is rejected at review. They can ask to collaborate again later.`}
      </ConfirmDialog>
    </Paper>
  );
}
