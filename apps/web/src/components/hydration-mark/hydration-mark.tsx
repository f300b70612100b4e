'use client';

import { useEffect } from 'react';

/**
 * Marks `<body data-hydrated>` once React has hydrated the page (decision 0058): the last element of the body, so
 * its effect runs after those of the islands before it. Browser tests wait for it (`gotoReady`) before they click,
 * type or send an island a DOM event, which a page not yet hydrated would drop.
 */
export function HydrationMark() {
  useEffect(() => {
    document.body.dataset.hydrated = 'true';
  }, []);
  return null;
}
