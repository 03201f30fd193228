// The resource page's spec form (issue 15, point 9) on a kind installed from a design with a map,
// an array of objects, an enum and a required field: the fields come in the design's order (the
// CRD lists them by name), the required one is marked and refused empty on Apply, a map row and
// array items are added through the form, and Apply sends them to the cluster.
import { expect, test } from '@playwright/test';
import {
  createCr,
  installDesign,
  kube,
  kubeconfig,
  memcachedDesign,
  removeDesign,
  unique,
  withNamespace,
} from './resources-helpers';

/** Memcached with, after `containerPort`: an enum, a required string, a map and an array of objects. */
function formDesign(group: string): string {
  const extra = [
    '        - name: tier',
    '          type: string',
    '          description: tier is the service level',
    '          enum:',
    '          - gold',
    '          - silver',
    '        - name: image',
    '          required: true',
    '          type: string',
    '          description: image is the container image',
    '        - name: labels',
    '          type: object',
    '          description: labels are copied onto the pods',
    '          additionalProperties:',
    '            type: string',
    '        - name: ports',
    '          type: array',
    '          description: ports are the named ports',
    '          items:',
    '            type: object',
    '            fields:',
    '            - name: name',
    '              required: true',
    '              type: string',
    '            - name: port',
    '              type: integer',
    '              format: int32',
    '              default: 80',
  ].join('\n');
  return memcachedDesign(group, { operand: false }).replace(/\n {6}- name: status\n/, `\n${extra}$&`);
}

interface FormSpec {
  size?: number;
  image?: string;
  tier?: string;
  labels?: Record<string, string>;
  ports?: { name: string; port?: number }[];
}

test("a resource's form follows the design's order, marks and checks required fields, and edits maps and arrays of objects", async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const group = unique('e2eform');
  const namespace = unique('e2e-form-');
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(page.request, `form ${group}`, formDesign(group));
  const { objects } = kube();
  const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace };
  const spec = async () =>
    ((await objects.getNamespacedCustomObject({ ...ref, name: 'formed' })) as { spec: FormSpec }).spec;
  try {
    await createCr(ref, 'Memcached', 'formed', { size: 1, image: 'memcached:1.6' });
    await page.goto(`/resources/${crdName}/${namespace}/formed`);
    const form = page.getByRole('region', { name: 'Spec' });
    const image = form.getByRole('textbox', { name: 'image', exact: true });
    await expect(image).toHaveValue('memcached:1.6', { timeout: 60_000 });

    // the design's order, not the CRD's alphabetical one
    const names = ['size', 'containerPort', 'tier', 'image', 'labels', 'ports'];
    const shown = (await form.locator('label, legend').allTextContents()).map((t) => t.replace('*', '').trim());
    expect(shown.filter((n) => names.includes(n))).toEqual(names);

    // the required field is marked, and refused empty on Apply
    await expect(image).toHaveAttribute('aria-required', 'true');
    await expect(form.locator('label[for="field-spec.image"]')).toContainText('*');
    await expect(form.getByRole('spinbutton', { name: 'size' })).not.toHaveAttribute('aria-required', 'true');
    await image.fill('');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText('Not applied: spec.image is required')).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: 'image is required' })).toBeVisible();
    await expect(image).toHaveAttribute('aria-invalid', 'true');
    expect((await spec()).image).toBe('memcached:1.6');
    await image.fill('memcached:1.6.26');
    await expect(form.getByText('Not applied: spec.image is required')).toBeHidden();

    // an enum is a select
    await form.getByRole('combobox', { name: 'tier' }).selectOption('silver');

    // a map row: key and value
    const labels = form.getByRole('group', { name: 'labels' });
    await labels.getByRole('button', { name: 'Add to labels' }).click();
    await labels.getByRole('textbox', { name: 'labels key 1' }).fill('team');
    await labels.getByRole('textbox', { name: 'labels value 1' }).fill('cache');

    // array items: each a sub-form, with the schema's default, reordered
    const ports = form.getByRole('group', { name: 'ports', exact: true });
    await ports.getByRole('button', { name: 'Add to ports' }).click();
    const first = ports.getByRole('group', { name: 'ports 1' });
    await expect(first.getByRole('spinbutton', { name: 'port' })).toHaveValue('80');
    await first.getByRole('textbox', { name: 'name', exact: true }).fill('http');
    await ports.getByRole('button', { name: 'Add to ports' }).click();
    const second = ports.getByRole('group', { name: 'ports 2' });
    await second.getByRole('textbox', { name: 'name', exact: true }).fill('metrics');
    await second.getByRole('spinbutton', { name: 'port' }).fill('9090');
    await ports.getByRole('button', { name: 'Move ports 2 up' }).click();
    await expect(ports.getByRole('group', { name: 'ports 1' }).getByRole('textbox', { name: 'name' })).toHaveValue(
      'metrics',
    );

    // the YAML view has followed the form
    const lines = page.getByRole('region', { name: 'Resource YAML' }).locator('.view-lines');
    await expect(lines).toContainText('team: cache');
    await expect(lines).toContainText('name: metrics');

    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect.poll(spec, { timeout: 30_000 }).toEqual({
      size: 1,
      image: 'memcached:1.6.26',
      tier: 'silver',
      labels: { team: 'cache' },
      ports: [
        { name: 'metrics', port: 9090 },
        { name: 'http', port: 80 },
      ],
    });
    await expect(page.getByText('edited, not applied')).toBeHidden();
    await expect(lines).toContainText('team: cache');
    await expect(lines).toContainText('name: http');
    await expect(labels.getByRole('textbox', { name: 'labels key 1' })).toHaveValue('team');

    // a row removed through the form goes from the object too
    await labels.getByRole('button', { name: 'Remove labels key 1' }).click();
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect.poll(async () => (await spec()).labels, { timeout: 30_000 }).toBeUndefined();
  } finally {
    await removeDesign(page.request, designId);
    await dropNamespace();
  }
});
