import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router-dom';

/** navigate() after a delay; pending navigations are cancelled when the page unmounts. */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      timers.current.push(window.setTimeout(() => navigate(to, options), delayMs));
    },
    [navigate],
  );
}
