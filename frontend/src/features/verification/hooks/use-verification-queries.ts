import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { platformConfigKey, usePlatformConfig } from '../../../lib/platform-config';

export { usePlatformConfig };
import {
  getCountries,
  getVerificationStatus,
  submitVerification,
  type VerificationStatus,
} from '../services/verification.service';

export const verificationKeys = {
  config: platformConfigKey,
  status: ['verification', 'status'] as const,
  countries: ['verification', 'countries'] as const,
};

export function useVerificationStatus() {
  return useQuery({ queryKey: verificationKeys.status, queryFn: getVerificationStatus });
}

/** The countries the server accepts (about 190, sorted by name): one list, kept on the server. */
export function useCountries() {
  const query = useQuery({ queryKey: verificationKeys.countries, queryFn: getCountries, staleTime: Infinity });
  return { countries: query.data ?? [], loading: query.isPending, failed: query.isError };
}

export function useSubmitVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitVerification,
    onSuccess: (receipt) => {
      // SPEC §4: a successful submission is processing until a moderator decides.
      const next: VerificationStatus = {
        status: 'processing',
        submittedAt: receipt?.submittedAt ?? new Date().toISOString(),
        verifiedAt: null,
        rejectionReason: null,
      };
      client.setQueryData(verificationKeys.status, next);
    },
    onError: (error) => {
      // Already processing or verified (409), or paused meanwhile (403): show the page as the server sees it.
      if (!(error instanceof ApiError)) return;
      if (error.status === 409) void client.invalidateQueries({ queryKey: verificationKeys.status });
      if (error.status === 403) void client.invalidateQueries({ queryKey: verificationKeys.config });
    },
  });
}
