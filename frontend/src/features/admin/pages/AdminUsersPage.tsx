import { Card, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ConsoleBadge } from '../components/ConsoleBadge';
import { notify } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminOnly } from '../components/AdminOnly';
import { ChangeRoleModal } from '../components/ChangeRoleModal';
import { RoleBadge, StatusBadge } from '../components/Badges';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { QueryStatus } from '../components/QueryStatus';
import { ReasonModal } from '../components/ReasonModal';
import { UserRowActions } from '../components/UserRowActions';
import { useChangeRole, useDisableMfa, useUserSearch } from '../hooks/use-users';
import { useAdminMe } from '../hooks/use-admin-me';
import type { AdminUser, UserRole } from '../services/admin.types';
import { formatDate } from '@/shared/format';
import { VERIFICATION_STATUS } from '../services/status-labels';

export const MFA_REASON_MIN = 10;
const MFA_REASON_MAX = 500;

function UsersTable() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const users = useUserSearch(debounced);
  const me = useAdminMe();
  const changeRole = useChangeRole();
  const disableMfa = useDisableMfa();
  const [roleFor, setRoleFor] = useState<AdminUser | null>(null);
  const [mfaFor, setMfaFor] = useState<AdminUser | null>(null);

  const submitRole = async (role: UserRole) => {
    if (!roleFor) return;
    try {
      const updated = await changeRole.mutateAsync({ userId: roleFor.id, role });
      if (updated.pendingAdminGrant)
        notify.success(`Asked: ${roleFor.email} becomes admin when a second admin approves`);
      else notify.success(`${roleFor.email} is now ${role}`);
      setRoleFor(null);
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  const submitDisableMfa = async (reason: string) => {
    if (!mfaFor) return;
    try {
      await disableMfa.mutateAsync({ userId: mfaFor.id, reason });
      notify.success(`Two-factor authentication turned off for ${mfaFor.email}`);
      setMfaFor(null);
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  const items = users.data ?? [];

  return (
    <>
      <TextInput
        label="Search by email"
        placeholder="name@example.com"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
        mb="md"
        type="search"
      />
      <QueryStatus isPending={users.isPending} error={users.error} onRetry={() => void users.refetch()} />
      {users.data && items.length === 0 && (
        <Card withBorder radius="md" py="xl">
          <Text c="dimmed" ta="center" size="sm">
            No users match “{debounced.trim()}”.
          </Text>
        </Card>
      )}
      {items.length > 0 && (
        <Card withBorder radius="md" p={0}>
          <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={{ base: '100%', sm: '40%', md: '35%' }}>Email</Table.Th>
                <Table.Th visibleFrom="sm">Role</Table.Th>
                <Table.Th visibleFrom="md">Verification</Table.Th>
                <Table.Th visibleFrom="sm">2FA</Table.Th>
                <Table.Th visibleFrom="md">Created</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td style={{ maxWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end" title={user.email}>
                      {user.email}
                    </Text>
                    <Group gap={6} hiddenFrom="sm" mt={4} wrap="nowrap">
                      <RoleBadge role={user.role} />
                      <Text size="xs" c="dimmed">
                        2FA {user.mfaEnabled ? 'on' : 'off'}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Group gap={6} wrap="nowrap">
                      <RoleBadge role={user.role} />
                      {user.pendingAdminGrant && (
                        <ConsoleBadge variant="outline" color="orange">
                          Admin pending
                        </ConsoleBadge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <StatusBadge tone={user.verificationStatus ? VERIFICATION_STATUS[user.verificationStatus] : null} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <ConsoleBadge
                      variant={user.mfaEnabled ? 'light' : 'outline'}
                      color={user.mfaEnabled ? 'green' : 'gray'}
                    >
                      {user.mfaEnabled ? 'On' : 'Off'}
                    </ConsoleBadge>
                  </Table.Td>
                  <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(user.createdAt)}
                  </Table.Td>
                  <Table.Td>
                    <UserRowActions user={user} onChangeRole={setRoleFor} onDisableMfa={setMfaFor} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}

      <ChangeRoleModal
        user={roleFor}
        viewerId={me.id}
        onClose={() => setRoleFor(null)}
        pending={changeRole.isPending}
        onConfirm={(role) => void submitRole(role)}
      />
      <ReasonModal
        opened={mfaFor !== null}
        onClose={() => setMfaFor(null)}
        title="Disable two-factor authentication"
        label="How did you verify this person's identity?"
        description={`Kept in the audit log. At least ${MFA_REASON_MIN} characters.`}
        placeholder="e.g. Matched the selfie with ID against the accepted verification; confirmed by reply from the account email."
        minLength={MFA_REASON_MIN}
        maxLength={MFA_REASON_MAX}
        confirmLabel="Disable 2FA"
        pending={disableMfa.isPending}
        onConfirm={(reason) => void submitDisableMfa(reason)}
      >
        <Text size="sm">
          This turns off two-factor authentication for <strong>{mfaFor?.email}</strong>. They can then sign in with
          their password alone until they set it up again. Only do this after you have confirmed who they are.
        </Text>
      </ReasonModal>
    </>
  );
}

export function AdminUsersPage() {
  usePageMeta({ title: 'Users', noindex: true });
  return (
    <>
      <DashboardPageHeader
        dense
        title="Users"
        description="Find accounts, change roles and turn off two-factor authentication after an identity check."
      />
      <AdminOnly>
        <UsersTable />
      </AdminOnly>
    </>
  );
}
