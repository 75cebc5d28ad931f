import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getRewards,
  removeTelegram,
  removeWallet,
  saveTelegram,
  saveWallet,
  type RewardsRecord,
} from '../services/rewards.service';

export const rewardsKeys = {
  record: ['rewards', 'record'] as const,
};

export function useRewards() {
  return useQuery({ queryKey: rewardsKeys.record, queryFn: getRewards });
}

/** Every write answers with the whole record, which replaces the cached one. */
function useRewardsWrite<TVariables>(mutationFn: (variables: TVariables) => Promise<RewardsRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (record) => client.setQueryData(rewardsKeys.record, record),
  });
}

export const useSaveWallet = () => useRewardsWrite(saveWallet);
export const useRemoveWallet = () => useRewardsWrite<void>(removeWallet);
export const useSaveTelegram = () => useRewardsWrite(saveTelegram);
export const useRemoveTelegram = () => useRewardsWrite<void>(removeTelegram);
