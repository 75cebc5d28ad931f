import { notify } from '../../../lib/notify';
import { isValidationError, serviceMessage } from '../services/rewards.service';
import { useRemoveTelegram, useRemoveWallet, useSaveTelegram, useSaveWallet } from './use-rewards-queries';

export type RewardField = 'wallet' | 'telegram';

/** SPEC §8: the toasts of each rewards action, verbatim. */
export const REWARD_MESSAGES = {
  wallet: {
    added: 'Wallet added successfully',
    updated: 'Wallet updated successfully',
    removed: 'Wallet removed successfully',
    saveFailed: 'Failed to process wallet operation',
    removeFailed: 'Failed to remove wallet',
  },
  telegram: {
    added: 'Telegram username added successfully',
    updated: 'Telegram username updated successfully',
    removed: 'Telegram username removed successfully',
    saveFailed: 'Failed to process Telegram operation',
    removeFailed: 'Failed to remove Telegram username',
  },
} as const;

/** Outcome of a save: on a validation refusal, the message to show under the input. */
export type SaveOutcome = { ok: true } | { ok: false; fieldError?: string };

/** Save and remove for the wallet or the Telegram username, with the spec's toasts. */
export function useRewardField(field: RewardField) {
  const wallet = { save: useSaveWallet(), remove: useRemoveWallet() };
  const telegram = { save: useSaveTelegram(), remove: useRemoveTelegram() };
  const { save, remove } = field === 'wallet' ? wallet : telegram;
  const messages = REWARD_MESSAGES[field];

  /** `previous` is the value before this save: none means it was added, otherwise updated. */
  const saveValue = async (value: string, previous: string | null): Promise<SaveOutcome> => {
    try {
      await save.mutateAsync(value);
      notify.success(previous ? messages.updated : messages.added);
      return { ok: true };
    } catch (error) {
      const message = serviceMessage(error, messages.saveFailed);
      notify.error(message);
      return { ok: false, fieldError: isValidationError(error) ? message : undefined };
    }
  };

  const removeValue = async (): Promise<boolean> => {
    try {
      await remove.mutateAsync();
      notify.success(messages.removed);
      return true;
    } catch (error) {
      notify.error(serviceMessage(error, messages.removeFailed));
      return false;
    }
  };

  return { saveValue, removeValue, saving: save.isPending, removing: remove.isPending };
}
