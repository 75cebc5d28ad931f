import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { confirmAge, getAgeCheck } from '../services/storefront.service';

const ageCheckKey = (signedIn: boolean) => ['storefront', 'age-check', signedIn] as const;

/**
 * The age check of adult stores (SPEC §2, §6), decided by the server: a signed cookie for this
 * browser, a dated record for an account. An account is asked once: a check passed just before
 * signing up or in is recorded for it without asking again.
 */
export function useAgeConfirmation(signedIn: boolean, enabled: boolean) {
  const client = useQueryClient();
  const status = useQuery({ queryKey: ageCheckKey(signedIn), queryFn: getAgeCheck, enabled, staleTime: Infinity });
  const confirm = useMutation({
    mutationFn: confirmAge,
    onSuccess: (answer) => {
      client.setQueryData(ageCheckKey(signedIn), answer);
      // The store answered 401 before the cookie existed: ask again.
      void client.invalidateQueries({ queryKey: ['storefront', 'store'] });
      void client.invalidateQueries({ queryKey: ['storefront', 'content'] });
    },
  });
  const unrecorded = signedIn && status.data?.confirmed === true && status.data.recordedAt === null;
  const { mutate, isIdle } = confirm;
  useEffect(() => {
    if (unrecorded && isIdle) mutate();
  }, [unrecorded, isIdle, mutate]);

  return {
    pending: enabled && status.isPending,
    confirmed: status.data?.confirmed === true,
    confirm: () => confirm.mutate(),
    confirming: confirm.isPending,
  };
}
