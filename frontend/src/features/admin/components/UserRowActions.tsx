import { Button, Group, Text } from '@mantine/core';
import type { AdminUser } from '../services/admin.types';

/** Why the row offers no actions, from the code the server would refuse them with. */
export function notManageableReason(user: AdminUser): string {
  if (user.manageRefusal === 'own_account') return 'Your own account: ask another admin';
  if (user.manageRefusal === 'staff_hierarchy')
    return user.role === 'admin' ? 'Admins can’t be managed in the console' : 'Above your role';
  return 'Not available to your role';
}

export interface UserRowActionsProps {
  user: AdminUser;
  onChangeRole: (user: AdminUser) => void;
  onDisableMfa: (user: AdminUser) => void;
}

/** The role and 2FA actions the server allows on this row (it says so per row), or why there are none. */
export function UserRowActions({ user, onChangeRole, onDisableMfa }: UserRowActionsProps) {
  if (!user.canManage) {
    return (
      <Text size="xs" c="dimmed" ta="right" maw={{ base: 112, sm: 200 }} ml="auto">
        {notManageableReason(user)}
      </Text>
    );
  }
  return (
    <Group gap={6} justify="flex-end" wrap="wrap" maw={{ base: 112, sm: 'none' }} ml="auto">
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => onChangeRole(user)}
        aria-label={`Change role of ${user.email}`}
      >
        Role
      </Button>
      {user.mfaEnabled && (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => onDisableMfa(user)}
          aria-label={`Disable 2FA of ${user.email}`}
        >
          Disable 2FA
        </Button>
      )}
    </Group>
  );
}
