// @vitest-environment happy-dom
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryOptions, CategoryRowForms, CreateCategoryForm, type ParentOption } from './category-forms';

// Server actions are references in the browser; rendering needs only their identity.
vi.mock('../../../lib/staff/category-actions', () => ({
  createCategoryAction: async () => ({}),
  mergeCategoryAction: async () => ({}),
  updateCategoryAction: async () => ({}),
}));

const OPTIONS: ParentOption[] = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: '— Beta' },
  { id: 'c', label: '— — Gamma' },
  { id: 'z', label: 'Zed' },
];
const row = (id: string, parentId: string | null, branch: string) => ({
  _id: id,
  name: `Name ${id}`,
  slug: `slug-${id}`,
  parentId,
  status: 'active' as const,
  branch,
});

const optionValues = (html: string, selectId: string) => {
  const select = new RegExp(`<select[^>]*id="${selectId}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]);
};

/** The staff categories page's forms (decision 0077): one list of every category, shared by the rows. */
describe('the staff category forms', () => {
  it('offer every category as a parent for a new one, and each row every category outside its own branch', () => {
    const html = renderToStaticMarkup(
      <CategoryOptions options={OPTIONS}>
        <CreateCategoryForm />
        <CategoryRowForms {...row('b', 'a', 'b c')} />
        <CategoryRowForms {...row('z', null, 'z')} />
      </CategoryOptions>,
    );
    expect(optionValues(html, 'new-parentId')).toEqual(['', 'a', 'b', 'c', 'z']);
    expect(optionValues(html, 'cat-b-parentId')).toEqual(['', 'a', 'z']);
    expect(optionValues(html, 'merge-b-intoId')).toEqual(['', 'a', 'z']);
    expect(optionValues(html, 'cat-z-parentId')).toEqual(['', 'a', 'b', 'c']);
    expect(html).toContain('aria-label="Rename Name b"');
    expect(html).toContain('aria-label="Move Name b"');
    expect(html).toContain('aria-label="Merge Name b"');
  });

  describe('on a refresh of the page', () => {
    let unmount = () => {};
    afterEach(() => unmount());

    it('keep each row mounted (its forms and messages) when it arrives as a new lazy reference', async () => {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      // A server component's client component comes out of the RSC payload as a resolved lazy reference, a new one
      // on every refresh (what react-server-dom's client does): React must still see the same component.
      const lazy = (component: ComponentType<ReturnType<typeof row>>) =>
        ({
          $$typeof: Symbol.for('react.lazy'),
          _payload: component,
          _init: (c: unknown) => c,
        }) as unknown as ComponentType<ReturnType<typeof row>>;
      const page = (options: ParentOption[]): ReactNode => {
        const Row = lazy(CategoryRowForms);
        return (
          <CategoryOptions options={options}>
            <Row {...row('z', null, 'z')} />
          </CategoryOptions>
        );
      };
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      unmount = () => act(() => root.unmount());
      await act(async () => root.render(page(OPTIONS)));
      const before = container.querySelector('form[aria-label="Rename Name z"]');
      const select = container.querySelector('#cat-z-parentId');
      expect(before).not.toBeNull();
      await act(async () => root.render(page(OPTIONS.map((o) => ({ ...o })))));
      expect(container.querySelector('form[aria-label="Rename Name z"]')).toBe(before);
      expect(container.querySelector('#cat-z-parentId')).toBe(select);
      // A renamed category is a new label in every row's list.
      await act(async () => root.render(page(OPTIONS.map((o) => (o.id === 'a' ? { ...o, label: 'Aleph' } : o)))));
      expect(container.querySelector('form[aria-label="Rename Name z"]')).toBe(before);
      expect(container.querySelector('#cat-z-parentId option[value="a"]')?.textContent).toBe('Aleph');
    });
  });
});
