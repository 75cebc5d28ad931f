import { useCallback, useSyncExternalStore } from 'react';
import { local } from '../../../lib/storage';

/** localStorage key remembering that this browser's visitor confirmed being 18 or older. */
export const AGE_CONFIRMED_KEY = 'ageConfirmed';
const CHANGED_EVENT = 'fanmint:age-confirmed';

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === AGE_CONFIRMED_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => local.get(AGE_CONFIRMED_KEY) === 'true';

/** The age check of adult stores (SPEC §2, §6), asked once per browser. */
export function useAgeConfirmation(): { confirmed: boolean; confirm: () => void } {
  const confirmed = useSyncExternalStore(subscribe, read, () => false);
  const confirm = useCallback(() => {
    local.set(AGE_CONFIRMED_KEY, 'true');
    window.dispatchEvent(new Event(CHANGED_EVENT));
  }, []);
  return { confirmed, confirm };
}
