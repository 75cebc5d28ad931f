import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify';
import classes from './notifications-host.module.css';

/** Below 768 px toasts sit at the bottom and everything else keeps clear of them. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Stacking: headers 100, cookie banner 250, dialogs 500, toasts 600 (a dialog's outcome stays
 * readable), navigation drawers 700 (an open menu is never covered). On phones toasts go on top of
 * everything, because nothing is under them: see useToastBand.
 */
const TOAST_Z_INDEX = 600;
const PHONE_TOAST_Z_INDEX = 800;
/** Room between the toasts and what keeps clear of them. */
const BAND_GAP_PX = 8;

/**
 * On a phone, while toasts show, `<html data-toast-band>` and `--toast-band` (their height plus the
 * margins) tell open dialogs, drawers and the cookie banner to end above them
 * (notifications-host.module.css), so a toast never covers a control for its 5 s.
 */
function useToastBand(phone: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    const clear = () => {
      delete root.dataset.toastBand;
      root.style.removeProperty('--toast-band');
    };
    if (!phone || typeof ResizeObserver === 'undefined') return clear;
    const resize = new ResizeObserver(([entry]) => {
      const { height, bottom } = entry.target.getBoundingClientRect();
      if (height < 1) return clear();
      root.dataset.toastBand = '';
      root.style.setProperty('--toast-band', `${Math.ceil(window.innerHeight - bottom + height + BAND_GAP_PX)}px`);
    });
    // The container renders into a portal a commit later: watch for it, then only for its size.
    const find = () => document.querySelector(`.${classes.root}[data-position='bottom-center']`);
    const appear = new MutationObserver(() => {
      const container = find();
      if (!container) return;
      appear.disconnect();
      resize.observe(container);
    });
    const container = find();
    if (container) resize.observe(container);
    else appear.observe(document.body, { childList: true, subtree: true });
    return () => {
      appear.disconnect();
      resize.disconnect();
      clear();
    };
  }, [phone]);
}

/** Toasts close after 5 s (SPEC §9): top right below the headers, at the bottom on phones. */
export default function NotificationsHost() {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  useToastBand(phone);
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'top-right'}
      limit={phone ? 3 : 5}
      autoClose={TOAST_AUTO_CLOSE_MS}
      zIndex={phone ? PHONE_TOAST_Z_INDEX : TOAST_Z_INDEX}
      classNames={{ root: classes.root }}
    />
  );
}
