import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

/**
 * A client component rendered into happy-dom's document and typed into as a
 * person does, for the tests of forms that follow what is typed (the bid, the
 * tender and the offer forms). A test file that uses it runs in happy-dom
 * (`// @vitest-environment happy-dom`).
 */

let root: Root | null = null;
let container: HTMLElement | null = null;

function cleanUp() {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
}

/** Called once at the top of a test file: React's act() warnings off, and each test's render removed after it. */
export function setUpDomForms() {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(cleanUp);
}

/** Renders `node` afresh (a previous render is removed). */
export function mount(node: ReactNode) {
  cleanUp();
  const box = document.createElement('div');
  document.body.append(box);
  container = box;
  root = createRoot(box);
  act(() => root?.render(node));
}

/** What is rendered now. */
export function shown(): HTMLElement {
  if (!container) throw new Error('nothing rendered');
  return container;
}

/** Types into the field of that label as the browser does: React reads the new value from the input event. */
export function type(label: string, text: string) {
  const labelled = [...shown().querySelectorAll('label')].find((l) => l.textContent === label);
  const input = labelled ? shown().querySelector<HTMLInputElement>(`#${labelled.htmlFor}`) : null;
  if (!input) throw new Error(`no field labelled ${label}`);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The all-in line (the terms' `<output>`). */
export const allIn = () => shown().querySelector('output')?.textContent;

/** The terms' rows, [label, value] each. */
export const termRows = () =>
  [...shown().querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);
