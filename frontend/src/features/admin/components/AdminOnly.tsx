import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAdminMe } from '../hooks/use-admin-me';

/** Admin-only sections: moderators get a note instead (the API refuses them too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const me = useAdminMe();
  if (me.role === 'admin') return children;
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={20} />} title="Admins only">
      This section is only available to admins.
    </Alert>
  );
}
