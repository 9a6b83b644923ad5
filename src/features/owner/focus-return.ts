/**
 * Focus back on what opened the visit's dialog once it has closed (docs/product/desk.md#owners-desk).
 * Headless UI's Dialog returns focus from a history of focused elements that its code starts
 * keeping only once loaded, and the dialog's code is fetched at the first 'Details', after that
 * press: so the desk remembers the opener itself.
 */
import { useCallback, useEffect, useRef } from 'react';

/** Call the returned function as the dialog opens; focus goes back there when `isOpen` turns false. */
export function useFocusReturn(isOpen: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (isOpen || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [isOpen]);
  return useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
}
