// The resource page's spec form (issue 15, point 9) on a kind installed from a design with a map,
// an array of objects, an enum and a required field: the fields come in the design's order (the
// CRD lists them by name), the required one is marked and refused empty on Apply, a map row and
// array items are added through the form, and Apply sends them to the cluster.
// And the kind's validation rules (issue 28, item 5), run in the page's worker by the API
// server's own code: a create from the sample that breaks two rules lists exactly the lines the
// sandbox's API server gives on a dry run and is held back, a field's rule shows under the field,
// and an update that breaks a transition rule (oldSelf, messageExpression) is held back with the
// API server's words, which asking it anyway confirms, the draft kept.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
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
    '          maxLength: 100',
    '          validations:',
    "          - rule: self.contains(':')",
    '            messageExpression: \'"image " + self + " has no tag: name one, as in " + self + ":1.6"\'',
    '        - name: labels',
    '          type: object',
    '          description: labels are copied onto the pods',
    '          additionalProperties:',
    '            type: string',
    '        - name: ports',
    '          type: array',
    '          description: ports are the named ports',
    '          maxItems: 8',
    '          items:',
    '            type: object',
    '            fields:',
    '            - name: name',
    '              required: true',
    '              type: string',
    '              maxLength: 15',
    '              validations:',
    "              - rule: self.matches('^[a-z]+$')",
    '                message: port names are lower-case letters',
    '            - name: port',
    '              type: integer',
    '              format: int32',
    '              default: 80',
  ].join('\n');
  // a transition rule: the API server runs it on updates only, with the stored spec as oldSelf
  const growth = [
    '        validations:',
    '        - rule: self.size <= oldSelf.size + 2',
    `          messageExpression: "'size can grow by at most 2 at a time, not from %d to %d'.format([oldSelf.size, self.size])"`,
  ].join('\n');
  return memcachedDesign(group, { operand: false })
    .replace(/\n {6}- name: status\n/, (status) => `\n${extra}${status}`)
    .replace(/ {8}description: spec defines the desired state of Memcached\n/, (line) => `${line}${growth}\n`);
}

/** The lines of a refusal as the sandbox's API server gives them on a dry run of creating `body`, by field. */
async function dryRunRefusal(ref: Ref, body: object): Promise<string[]> {
  try {
    await kube().objects.createNamespacedCustomObject({ ...ref, body, dryRun: 'All' });
  } catch (err) {
    const raw = (err as { body?: unknown }).body;
    const status = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      details?: { causes?: { field?: string; message?: string }[] };
    };
    // by field: the API server runs an object's rules in Go's map order, the form lists them by field
    return (status.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`).sort();
  }
  return [];
}

type Ref = { group: string; version: string; plural: string; namespace: string };

const refusalList = (page: Page) =>
  page.getByRole('list', { name: 'What the API server will refuse' }).getByRole('listitem');

interface FormSpec {
  size?: number;
  image?: string;
  tier?: string;
  labels?: Record<string, string>;
  ports?: { name: string; port?: number }[];
}

test("a resource's form checks the kind's validation rules as the API server does, follows the design's order, marks and checks required fields, and edits maps and arrays of objects", async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(240_000);
  const group = unique('e2eform');
  const namespace = unique('e2e-form-');
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(page.request, `form ${group}`, formDesign(group));
  const { objects } = kube();
  const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace };
  const spec = async () =>
    ((await objects.getNamespacedCustomObject({ ...ref, name: 'formed' })) as { spec: FormSpec }).spec;
  try {
    // a create that breaks two rules: listed as the sandbox's API server words them, and held back
    await page.goto(`/resources/${crdName}`);
    await page.getByRole('combobox', { name: 'Namespace' }).selectOption(namespace);
    // the CEL module held back: while it loads the form works and says the rules are not checked yet
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    await page.context().route('**/_cel/*/cel.wasm', async (route) => {
      await loaded;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create from sample' }).click();
    const creating = page.getByRole('region', { name: 'New from sample' });
    await expect(creating.getByRole('status')).toHaveText(/^Validation rules not checked yet/);
    await expect(creating.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
    release();
    const yamlOf = (image: string, port: string) =>
      [
        `apiVersion: ${ref.group}/v1alpha1`,
        'kind: Memcached',
        'metadata:',
        '  name: ruled',
        'spec:',
        '  size: 1',
        `  image: ${image}`,
        '  ports:',
        `  - name: ${port}`,
        '',
      ].join('\n');
    await creating.getByRole('textbox', { name: /Sample YAML/ }).fill(yamlOf('memcached', 'Http'));
    const server = await dryRunRefusal(ref, {
      apiVersion: `${ref.group}/v1alpha1`,
      kind: 'Memcached',
      metadata: { name: 'ruled', namespace },
      spec: { size: 1, image: 'memcached', ports: [{ name: 'Http' }] },
    });
    expect(server).toEqual([
      'spec.image: Invalid value: "memcached": image memcached has no tag: name one, as in memcached:1.6',
      'spec.ports[0].name: Invalid value: "Http": port names are lower-case letters',
    ]);
    // the module loads in the page's worker (seconds on a cold page): until then the form says so
    await expect(refusalList(page)).toHaveText(server, { timeout: 60_000 });
    await creating.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(creating.getByRole('alert')).toHaveText('Not sent: the API server would refuse this create:');
    await expect(page.getByRole('dialog')).toBeHidden();
    // asked anyway, the API server itself refuses it in the same words
    await creating.getByRole('button', { name: 'Ask the API server anyway' }).click();
    const refusedCreate = page.getByRole('dialog', { name: 'Create this Memcached' }).getByRole('alert');
    for (const line of server) await expect(refusedCreate).toContainText(line);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await creating.getByRole('textbox', { name: /Sample YAML/ }).fill(yamlOf('memcached:1.6', 'http'));
    await expect(creating.getByRole('status').filter({ hasText: 'The validation rules pass' })).toBeVisible();
    await creating.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create this Memcached' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Created ruled' })).toBeVisible({ timeout: 30_000 });

    // opened from the table (a client-side navigation): the page's rules worker is ready already
    await createCr(ref, 'Memcached', 'formed', { size: 1, image: 'memcached:1.6' });
    await page.getByRole('link', { name: 'formed', exact: true }).click();
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
    // a rule on a field of an item: its message under that field
    await first.getByRole('textbox', { name: 'name', exact: true }).fill('Http');
    await expect(first.getByRole('alert')).toHaveText('port names are lower-case letters');
    await first.getByRole('textbox', { name: 'name', exact: true }).fill('http');
    await expect(first.getByRole('alert')).toBeHidden();
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

    // an update that breaks a transition rule (oldSelf, messageExpression): held back in the API
    // server's words, which it confirms when asked anyway; the draft stays
    const size = form.getByRole('spinbutton', { name: 'size' });
    await size.fill('4');
    const growth = 'spec: Invalid value: size can grow by at most 2 at a time, not from 1 to 4';
    await expect(refusalList(page)).toHaveText([growth]);
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Not sent' })).toHaveText(
      'Not sent: the API server would refuse this apply:',
    );
    await form.getByRole('button', { name: 'Ask the API server anyway' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(growth);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(size).toHaveValue('4');
    await expect(form.getByText('edited, not applied')).toBeVisible();
    await size.fill('3');
    await expect(form.getByRole('status').filter({ hasText: 'The validation rules pass' })).toBeVisible();
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await spec()).size, { timeout: 30_000 }).toBe(3);

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
