import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ConsoleBadge } from '../components/ConsoleBadge';
import { notify } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminOnly } from '../components/AdminOnly';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { useClearSitePassword, useSetSitePassword, useSitePasswordStatus } from '../hooks/use-site-password';
import { formatDateTime } from '@/shared/format';

/** bcrypt reads at most 72 bytes; the API refuses longer passwords. */
const MAX_LENGTH = 72;

function SitePasswordPanel() {
  const status = useSitePasswordStatus();
  const setPassword = useSetSitePassword();
  const clearPassword = useClearSitePassword();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);

  const enabled = status.data?.enabled ?? false;
  const mismatch = confirm.length > 0 && password !== confirm;
  const tooLong = password.length > MAX_LENGTH;
  const valid = password.length > 0 && password === confirm && !tooLong;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    try {
      await setPassword.mutateAsync(password);
      notify.success(enabled ? 'Site password changed' : 'Site password set: the site now shows the password gate');
      setPasswordValue('');
      setConfirm('');
      setSubmitted(false);
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  const clear = async () => {
    try {
      await clearPassword.mutateAsync();
      notify.success('Site password removed: the site is open to everyone');
      setClearOpen(false);
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  if (!status.data)
    return <QueryStatus isPending={status.isPending} error={status.error} onRetry={() => void status.refetch()} />;

  return (
    <Stack gap="md" maw={560}>
      <Card withBorder radius="md" padding="md" component="section" aria-label="Status">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} fz="md">
                Password gate
              </Title>
              <ConsoleBadge color={enabled ? 'yellow' : 'green'} variant="light">
                {enabled ? 'On' : 'Off'}
              </ConsoleBadge>
            </Group>
            <Text size="sm" c="dimmed">
              {enabled
                ? 'Visitors see the Coming Soon page until they enter the shared password.'
                : 'The site is open to everyone.'}
            </Text>
            <Text size="xs" c="dimmed">
              Last changed: {formatDateTime(status.data.updatedAt)}
            </Text>
          </Stack>
          {enabled && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconLockOpen size={16} />}
              onClick={() => setClearOpen(true)}
            >
              Remove password
            </Button>
          )}
        </Group>
      </Card>

      <Card
        withBorder
        radius="md"
        padding="md"
        component="section"
        aria-label={enabled ? 'Change password' : 'Set password'}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} fz="md">
              {enabled ? 'Change password' : 'Set password'}
            </Title>
            <Text size="sm" c="dimmed">
              {enabled
                ? 'Share the new password with everyone who should still see the site.'
                : 'Setting a password closes the site behind the Coming Soon gate.'}
            </Text>
            <PasswordInput
              label="New site password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPasswordValue(event.currentTarget.value)}
              error={tooLong ? `At most ${MAX_LENGTH} characters` : submitted && !password ? 'Enter a password' : null}
              required
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={mismatch || (submitted && password !== confirm) ? 'Passwords do not match' : null}
              required
            />
            <Group justify="flex-end">
              <Button type="submit" loading={setPassword.isPending} disabled={!valid}>
                {enabled ? 'Change password' : 'Set password'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <ConfirmModal
        opened={clearOpen}
        onClose={() => setClearOpen(false)}
        title="Remove the site password?"
        confirmLabel="Remove password"
        confirmColor="red"
        pending={clearPassword.isPending}
        onConfirm={() => void clear()}
      >
        <Text size="sm">The password gate goes away and the whole site becomes visible to everyone.</Text>
      </ConfirmModal>
    </Stack>
  );
}

export function SitePasswordPage() {
  usePageMeta({ title: 'Site password', noindex: true });
  return (
    <>
      <DashboardPageHeader
        dense
        title="Site password"
        description="The shared password of the Coming Soon gate. Every change is audited."
      />
      <AdminOnly>
        <SitePasswordPanel />
      </AdminOnly>
    </>
  );
}
