import { useCallback, useRef, useState } from 'react';
import { isReauthenticationNeeded } from '../services/reauthenticate.service';

/**
 * Runs a sensitive action; when the API answers `reauthentication_needed`, keeps it pending and
 * opens the confirm dialog, whose success retries it once.
 */
export function useReauthenticated() {
  const pending = useRef<(() => Promise<void>) | null>(null);
  const [opened, setOpened] = useState(false);

  const run = useCallback(async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      if (!isReauthenticationNeeded(error)) throw error;
      pending.current = action;
      setOpened(true);
    }
  }, []);

  const modalProps = {
    opened,
    onClose: () => {
      pending.current = null;
      setOpened(false);
    },
    onConfirmed: async () => {
      const action = pending.current;
      pending.current = null;
      if (action) await action();
    },
  };
  return { run, modalProps };
}
