// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrationMark } from './hydration-mark';

describe('HydrationMark', () => {
  it('marks the body only once React has hydrated the page', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const page = (
      <div>
        <p>server-rendered</p>
        <HydrationMark />
      </div>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(document.body.dataset.hydrated).toBeUndefined();
    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(document.body.dataset.hydrated).toBe('true');
  });
});
