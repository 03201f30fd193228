// Issue 15, point 7, in a real browser: a template asks for a name and saves nothing until
// Create; deleting a field that has fields under it asks first (and Ctrl-Z brings it back);
// every icon button says what it does.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { removeDesign, unique } from './resources-helpers';

/** What the check reads of a button element (the e2e project has no DOM types). */
interface ButtonLike {
  readonly textContent: string | null;
  readonly outerHTML: string;
  getAttribute(name: string): string | null;
}

async function designNames(request: APIRequestContext): Promise<string[]> {
  const res = await request.get('/api/trpc/designs.list');
  const body = (await res.json()) as { result: { data: { name: string }[] } };
  return body.result.data.map((d) => d.name);
}

test('a template asks for a name; deleting a field with children asks; icon buttons have tooltips', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = await designNames(page.request);
  await page.goto('/designs/new');
  await page.getByRole('button', { name: 'Memcached' }).click();
  const form = page.getByRole('form', { name: 'Name the new design' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(/^Memcached/);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  expect(await designNames(page.request), 'nothing saved before Create').toEqual(before);

  await page.getByRole('button', { name: 'Memcached' }).click();
  const name = unique('named');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Design name' })).toHaveValue(name, { timeout: 60_000 });
  const id = decodeURIComponent(page.url().split('/designs/')[1] ?? '');
  try {
    // spec has fields under it: the delete asks; dismissing keeps it
    const tree = page.getByRole('tree');
    const deleteSpec = page.getByRole('button', { name: 'Delete field spec', exact: true });
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await deleteSpec.click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/Delete spec and the 2 fields under it\?/);
    await expect(tree.getByRole('treeitem', { name: /size/ })).toBeVisible();
    // accepting deletes it with its fields; Ctrl-Z brings them back
    page.once('dialog', (d) => void d.accept());
    await deleteSpec.click();
    await expect(tree.getByRole('treeitem', { name: /size/ })).toBeHidden();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(tree.getByRole('treeitem', { name: /size/ })).toBeVisible();

    // icon buttons (a symbol for text) say what they do on hover
    const untitled = await page
      .getByRole('button')
      .evaluateAll((buttons: ButtonLike[]) =>
        buttons
          .filter((b) => /^[^\p{L}\p{N}]{1,2}$/u.test((b.textContent ?? '').trim()) && !b.getAttribute('title'))
          .map((b) => b.getAttribute('aria-label') ?? b.outerHTML.slice(0, 80)),
      );
    expect(untitled).toEqual([]);
  } finally {
    await removeDesign(page.request, id);
  }
});
