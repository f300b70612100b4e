'use client';

import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { SIGN_UP_PATH, signInHref } from '../../lib/routes';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native `<dialog>` element: the page behind is inert,
 * Escape closes it (the browser's cancel), Tab and Shift+Tab wrap inside it,
 * the first control (or the one marked `autoFocus`) takes focus, and focus
 * goes back to whatever had it before (the button that opened it).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  dismissible = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** False while the dialog must stay (work in flight): Escape does not close it. */
  dismissible?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      opener.current?.focus();
      opener.current = null;
      onClose();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={styles.dialog}
      onKeyDown={trapTab}
      onCancel={(event) => dismissible || event.preventDefault()}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {open ? children : null}
    </dialog>
  );
}

/** The row of a dialog's buttons and links. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** Spec §5, §6: what a visitor sees instead of a signed-in feature. */
export function SignInPrompt({
  open,
  onClose,
  text,
  nextPath,
}: {
  open: boolean;
  onClose: () => void;
  text: string;
  nextPath: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Sign in to continue">
      <p>{text}</p>
      <DialogActions>
        <a className="button" href={signInHref(nextPath)}>
          Sign in
        </a>
        <a href={SIGN_UP_PATH}>Create an account</a>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
      </DialogActions>
    </Dialog>
  );
}
