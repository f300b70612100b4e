'use client';

import type { BuyNowState } from '@lotline/contracts';
import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useId, useRef, useState } from 'react';
import { useLotChanges } from '../../lib/bidding/live-changes';
import { confirmation, parseQuantity } from '../../lib/buy-now/buy-box-model';
import { purchaseAction } from '../../lib/buy-now/purchase-action';
import styles from './buy-box.module.css';

/**
 * The quantity and "Buy now", then a modal confirmation (a native <dialog>
 * opened with showModal: the rest of the page is inert, so focus stays in it,
 * Escape closes it and focus returns to the button). Each opening makes a new
 * Idempotency-Key, so a double click on "Confirm purchase" buys once and a
 * second purchase is a new one. The server action redirects to the order.
 */
export function BuyForm({ state, title, autoOpen }: { state: BuyNowState; title: string; autoOpen: boolean }) {
  const [answer, submit, pending] = useActionState(purchaseAction, {});
  const [raw, setRaw] = useState('1');
  const [problem, setProblem] = useState<string>();
  const [key, setKey] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { quantity: useId(), problem: useId(), title: useId() };
  const parsed = parseQuantity(raw, state.quantity);
  const quantity = 'quantity' in parsed ? parsed.quantity : 1;
  const shown = confirmation(state, quantity);

  const open = () => {
    const checked = parseQuantity(raw, state.quantity);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    setKey(crypto.randomUUID());
    dialog.current?.showModal();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival from the card's "Buy now"
  useEffect(() => {
    if (autoOpen) open();
  }, [autoOpen]);
  // Someone else bought (the live stream reports this lot): re-render the box with the units left, unless the
  // person is confirming (their purchase then answers how many are left).
  const router = useRouter();
  useLotChanges(state.eventLotId, () => {
    if (!dialog.current?.open) router.refresh();
  });
  // A refusal closes the confirmation so the alert below is seen.
  useEffect(() => {
    if (answer.error) dialog.current?.close();
  }, [answer]);

  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="lotId" value={state.eventLotId} />
      <input type="hidden" name="key" value={key} />
      <label htmlFor={ids.quantity}>Quantity</label>
      <input
        id={ids.quantity}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={state.quantity}
        step={1}
        value={raw}
        onChange={(e) => setRaw(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? ids.problem : undefined}
        className={styles.quantity}
      />
      {problem ? (
        <p id={ids.problem} className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <button type="button" className="button" onClick={open}>
        Buy now
      </button>
      {answer.error ? (
        <p role="alert" className={styles.alert}>
          {answer.error}
        </p>
      ) : null}
      <dialog ref={dialog} aria-labelledby={ids.title} className={styles.dialog}>
        <h2 id={ids.title} className={styles.dialogTitle}>
          Confirm your purchase
        </h2>
        <p>{title}</p>
        <dl className={styles.lines}>
          {shown.lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.text}</dd>
            </div>
          ))}
          <div className={styles.total}>
            <dt>{shown.total.label}</dt>
            <dd data-testid="confirm-total">{shown.total.text}</dd>
          </div>
        </dl>
        <p className={styles.note}>{shown.note}</p>
        <p className={styles.dialogActions}>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Buying…' : 'Confirm purchase'}
          </button>
          <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </p>
      </dialog>
    </form>
  );
}
