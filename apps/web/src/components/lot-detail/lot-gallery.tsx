'use client';

import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { DETAIL_PHOTO, responsivePhoto, THUMB_PHOTO } from '../../lib/images';
import type { CardPhoto } from '../../lib/lots/card-model';
import { PLACEHOLDER_SRC, photoLoading } from '../../lib/lots/photo';
import styles from './lot-detail.module.css';

/** The main photo's box (4:3); width and height are set so the space is reserved before the file arrives. */
const MAIN = { width: 800, height: 600 };
const THUMB = { width: 96, height: 72 };

/**
 * The lot's photos (issue 6): a scroll-snap strip of every photo (swipe, or
 * arrow keys once focused), previous/next buttons and a row of thumbnail
 * buttons, with the position announced politely. The first photo loads at
 * once with high priority (the page's largest paint), the others lazily.
 * `overlay` sits over the photos (the watch heart).
 */
export function LotGallery({ title, photos, overlay }: { title: string; photos: CardPhoto[]; overlay?: ReactNode }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const count = photos.length;

  // While a button's scroll is under way the strip passes other photos; the chosen one stays current until it ends.
  const target = useRef<number | null>(null);
  const settle = useRef(0);

  const show = useCallback(
    (index: number) => {
      const el = strip.current;
      if (!el || count === 0) return;
      const next = Math.min(Math.max(index, 0), count - 1);
      target.current = next;
      setCurrent(next);
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: next * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
      // Browsers without the scrollend event: give the smooth scroll time to finish.
      window.clearTimeout(settle.current);
      settle.current = window.setTimeout(() => {
        target.current = null;
      }, 1000);
    },
    [count],
  );

  // Swipes and keyboard scrolling move the strip itself; follow it.
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    let frame = 0;
    const position = () => (el.clientWidth > 0 ? Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)) : 0);
    const onScroll = () => {
      if (target.current !== null) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(position()));
    };
    const onScrollEnd = () => {
      target.current = null;
      setCurrent(position());
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('scrollend', onScrollEnd);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('scrollend', onScrollEnd);
      cancelAnimationFrame(frame);
      window.clearTimeout(settle.current);
    };
  }, [count]);

  if (count === 0) {
    const placeholderAlt = `No photo available for ${title}`;
    return (
      <div className={styles.gallery}>
        <div className={styles.stage}>
          {/* biome-ignore lint/performance/noImgElement: same-origin static file; the page keeps each img simple */}
          <img src={PLACEHOLDER_SRC} alt={placeholderAlt} {...MAIN} {...photoLoading(true)} className={styles.photo} />
          {overlay}
        </div>
      </div>
    );
  }

  return (
    <section className={styles.gallery} aria-label={`Photos of ${title}`}>
      <div className={styles.stage}>
        {/* biome-ignore lint/a11y/useSemanticElements: a scrollable group of photos, not a form's fieldset */}
        <div
          ref={strip}
          className={styles.strip}
          role="group"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be reachable by keyboard to be scrolled
          tabIndex={0}
          aria-label={`${count} photos, use the arrow keys to scroll`}
        >
          {photos.map((photo, index) => (
            <div key={photo.src} className={styles.slide}>
              {/* biome-ignore lint/performance/noImgElement: same-origin files, resized by the API (decision 0023) */}
              <img
                {...responsivePhoto(photo.src, DETAIL_PHOTO)}
                alt={photo.alt}
                {...MAIN}
                {...photoLoading(index === 0)}
                decoding="async"
                className={styles.photo}
              />
            </div>
          ))}
        </div>
        {overlay}
      </div>
      {count > 1 ? (
        <>
          <div className={styles.galleryNav}>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => show(current - 1)}
              aria-disabled={current === 0}
            >
              Previous photo
            </button>
            <p className={styles.position} aria-live="polite" data-testid="gallery-position">
              Photo {current + 1} of {count}
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => show(current + 1)}
              aria-disabled={current === count - 1}
            >
              Next photo
            </button>
          </div>
          <ul className={styles.thumbs} aria-label="Choose a photo">
            {photos.map((photo, index) => (
              <li key={photo.src}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-label={`Show photo ${index + 1} of ${count}`}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => show(index)}
                >
                  {/* biome-ignore lint/performance/noImgElement: as above */}
                  <img {...responsivePhoto(photo.src, THUMB_PHOTO)} alt="" {...THUMB} loading="lazy" decoding="async" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
