import { createContext, useContext } from 'react';
import type { AdminMe } from '../services/admin.types';

export const AdminMeContext = createContext<AdminMe | null>(null);

/** The signed-in staff member; only inside the console guard. */
export function useAdminMe(): AdminMe {
  const me = useContext(AdminMeContext);
  if (!me) throw new Error('useAdminMe() used outside AdminGuard');
  return me;
}
