'use client';
// A native modal <dialog> driven by an `open` prop: showModal/close follow it, and `onClose` is
// called only when the user closed it (Esc, a backdrop click): the dialog's own close event also
// arrives after `open` went false, and that one is not news to the parent.
import { useEffect, useRef } from 'react';

export function useModalDialog(open: boolean, onClose: () => void, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const openNow = useRef(open);
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current = onOpen;
  }, [onOpen]);
  useEffect(() => {
    const d = ref.current;
    openNow.current = open;
    if (d === null) return;
    if (open && !d.open) {
      opened.current?.();
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);
  return {
    ref,
    onClose: () => {
      if (openNow.current) onClose();
    },
  };
}
