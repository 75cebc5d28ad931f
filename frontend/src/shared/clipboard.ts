import { notify } from '../lib/notify';

/** Copies text and reports it with the SPEC §8 messages ('{label} copied to clipboard!'). */
export async function copyWithToast(text: string, label: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    notify.success(`${label} copied to clipboard!`);
    return true;
  } catch (error) {
    console.error('Copy to clipboard failed', error);
    notify.error('Failed to copy to clipboard');
    return false;
  }
}
