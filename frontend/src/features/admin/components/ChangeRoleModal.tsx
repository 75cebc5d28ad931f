import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { AdminUser, UserRole } from '../services/admin.types';
import { ConfirmModal } from '@/shared/ui/ConfirmModal';

export const ROLE_OPTIONS: { value: UserRole; label: string }[] = [
  { value: 'fan', label: 'Fan' },
  { value: 'creator', label: 'Creator' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'admin', label: 'Admin' },
];

const ROLE_NOTES: Record<UserRole, string> = {
  fan: 'Fans buy and follow. No console access.',
  creator: 'Creators can run a store and upload content.',
  moderator: 'Moderators review verifications in this console (they need 2FA to sign in).',
  admin:
    'Admins can also manage users, the site password and read the audit log (they need 2FA to sign in). A second admin must approve: the change waits until another admin makes it too.',
};

export interface ChangeRoleModalProps {
  user: AdminUser | null;
  onClose: () => void;
  pending: boolean;
  onConfirm: (role: UserRole) => void;
  /** The signed-in admin: says whether a pending admin request is theirs or waits for their approval. */
  viewerId: string;
}

export function ChangeRoleModal({ user, onClose, pending, onConfirm, viewerId }: ChangeRoleModalProps) {
  const [role, setRole] = useState<UserRole>('fan');
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);

  return (
    <ConfirmModal
      opened={user !== null}
      onClose={onClose}
      title="Change role"
      confirmLabel="Change role"
      confirmDisabled={!user || role === user.role}
      pending={pending}
      onConfirm={() => onConfirm(role)}
    >
      <Stack gap="sm">
        <Text size="sm">
          Account: <strong>{user?.email}</strong>
          <br />
          Current role: <strong>{user?.role}</strong>
        </Text>
        <NativeSelect
          label="New role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as UserRole)}
          description={ROLE_NOTES[role]}
        />
        {user?.pendingAdminGrant && (
          <Alert variant="light" color="orange" p="xs">
            <Text size="xs">
              {user.pendingAdminGrant.requestedBy === viewerId ? 'You asked' : 'Another admin asked'} to make this
              account an admin. Choose Admin to{' '}
              {user.pendingAdminGrant.requestedBy === viewerId ? 'keep waiting for a second admin' : 'approve'}, or
              another role to withdraw the request.
            </Text>
          </Alert>
        )}
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
          <Text size="xs">
            Creator is normally granted automatically when an identity verification is accepted. Set it by hand only to
            correct a mistake. The change is recorded in the audit log.
          </Text>
        </Alert>
      </Stack>
    </ConfirmModal>
  );
}
