import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getAssuranceLevel, listTotpFactors } from '../services/mfa.service';
import { getRecoveryCodesStatus } from '../services/recovery-codes.service';
import { listSessions } from '../services/sessions.service';

export const securityKeys = {
  factors: ['security', 'factors'] as const,
  aal: ['security', 'aal'] as const,
  recoveryCodes: ['security', 'recovery-codes'] as const,
  sessions: ['security', 'sessions'] as const,
};

export function useTotpFactors() {
  return useQuery({ queryKey: securityKeys.factors, queryFn: listTotpFactors });
}

export function useAssuranceLevel() {
  return useQuery({ queryKey: securityKeys.aal, queryFn: getAssuranceLevel });
}

export function useRecoveryCodesStatus(enabled: boolean) {
  return useQuery({ queryKey: securityKeys.recoveryCodes, queryFn: getRecoveryCodesStatus, enabled });
}

export function useAccountSessions() {
  return useQuery({ queryKey: securityKeys.sessions, queryFn: listSessions });
}

/** Refetches everything the security page shows after a change (factors, level, codes, sessions). */
export function useRefreshSecurity() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ['security'] }), [client]);
}
