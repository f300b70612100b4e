'use client';

import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import styles from './scroller.module.css';

/** Spec §9: filler scroll arrows move 400 px. */
export const FILLER_SCROLL_STEP = 400;

/**
 * A horizontal row with previous/next arrows. The row itself scrolls with
 * touch, a trackpad or the keyboard (it is focusable); the arrows are real
 * buttons that move it by `step` pixels (or a whole view with 'page') and are
 * disabled at either end.
 */
export function Scroller({
  label,
  step,
  children,
  className,
  arrowsClassName,
  rowClassName,
}: {
  /** What the row shows; names the row and its arrows ("Scroll POPULAR left"). */
  label: string;
  step: number | 'page';
  children: ReactNode;
  className?: string;
  /** Lets a caller hide the arrows where the row is not a carousel (e.g. below a breakpoint). */
  arrowsClassName?: string;
  rowClassName?: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const update = useCallback(() => {
    const el = row.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= 1);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [update]);

  const move = (direction: 1 | -1) => {
    const el = row.current;
    if (!el) return;
    const distance = step === 'page' ? el.clientWidth : step;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * distance, behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <div className={`${styles.scroller} ${className ?? ''}`}>
      <div className={`${styles.arrows} ${arrowsClassName ?? ''}`}>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => move(-1)}
          disabled={atStart}
          aria-label={`Scroll ${label} left`}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => move(1)}
          disabled={atEnd}
          aria-label={`Scroll ${label} right`}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrollable group of cards, not a form's fieldset */}
      <div
        ref={row}
        className={`${styles.row} ${rowClassName ?? ''}`}
        role="group"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable row must be reachable by keyboard to be scrolled
        tabIndex={0}
        data-scroller-row
      >
        {children}
      </div>
    </div>
  );
}
