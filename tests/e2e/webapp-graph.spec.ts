// Issue 14 in a real browser: the Web app template (the resources form) in the designer, then in
// the cluster. First the designer alone: the Resources section lists the children with their
// graph, a rule that reads a field the schema lacks is shown beside the child before any
// install, a child added from the kind picker gets its starter, and "What the controller
// creates" renders every child for the sample, a value computed with `lists.range` among them
// (the worker's CEL module, issue 28), every object of a collection whose list is typed into its
// For each (issue 29), and the CEL table evaluated in a worker of the browser
// gives what native cel-go gave. Then the story: save, install, create from the
// sample → the resource page lists the Deployment, Service and ConfigMap it owns; set `host` →
// an Ingress appears and the timeline shows the run that created it; clear it → it goes.
// Each test has its own API group (the sandbox is shared) and removes what it made.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CEL_MODULE_DIR, ensureCel } from '@opstudio/cel/build';
import { kubeconfig, removeDesign, unique, watchExternal, withNamespace } from './resources-helpers';
import { onTestCluster } from './cluster-url';
import { newFromTemplate } from './designer-helpers';

/** New design from the Web app template under its own group; returns the design id. */
const newWebApp = (page: Page, group: string) => newFromTemplate(page, 'Web app', 'web', group);

const resource = (page: Page, id: string) => page.getByRole('listitem', { name: `Resource ${id}` });

const celData = (name: string): unknown => JSON.parse(readFileSync(join(CEL_MODULE_DIR, 'testdata', name), 'utf8'));
const table = celData('expressions.json') as { vars: Record<string, unknown>; cases: { expr: string }[] };
const golden = celData('expressions.golden.json') as { expr: string; value?: unknown; error?: string }[];

/** In the page: a worker of its own starts the served module and evaluates every expression. */
function runTableInWorker(arg: { hash: string; vars: Record<string, unknown>; exprs: string[] }): Promise<unknown[]> {
  const code = `self.onmessage = async (e) => {
    const { base, hash, vars, exprs } = e.data;
    importScripts(base + '/_cel/' + hash + '/wasm_exec.js');
    const go = new Go();
    const { instance } = await WebAssembly.instantiateStreaming(fetch(base + '/_cel/' + hash + '/cel.wasm'), go.importObject);
    go.run(instance);
    const cel = self.opstudioCel;
    const names = Object.keys(vars).sort().join(',');
    const ctx = cel.context(JSON.stringify(vars));
    self.postMessage(exprs.map((x) => {
      const r = JSON.parse(cel.evaluate(x, names, ctx));
      return r.error !== undefined ? { error: r.error } : { value: r.value === undefined ? null : r.value };
    }));
  };`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  return new Promise((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<unknown[]>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ base: location.origin, ...arg });
  });
}

test('the designer edits the resources form: children, graph, issues at their place, starters, preview', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const external = watchExternal(page);
  const id = await newWebApp(page, unique('e2egraph'));
  try {
    await expect(page.getByRole('radio', { name: 'Resources' })).toBeChecked();
    const list = page.getByRole('list', { name: 'Resources' });
    for (const child of ['config', 'deployment', 'service', 'ingress', 'pdb'])
      await expect(list.getByRole('listitem', { name: `Resource ${child}` })).toBeVisible();
    const graph = page.getByRole('img', { name: 'Resources and the resources they read' });
    await expect(graph.locator('[data-node="ingress"] rect')).toHaveAttribute('stroke-dasharray', '5 3');

    // a rule reading a field the schema lacks: shown beside the child, before any install
    const include = resource(page, 'ingress').getByRole('textbox', { name: 'Include when (CEL, empty: always)' });
    await include.fill("self.spec.?hostname.orValue('') != ''");
    // the API server's own type checker, against the CRD's schema
    await expect(resource(page, 'ingress').getByText("undefined field 'hostname'")).toBeVisible({ timeout: 15_000 });
    await include.fill("self.spec.?host.orValue('') != ''");
    await expect(resource(page, 'ingress').getByText('undefined field')).toBeHidden({ timeout: 15_000 });

    // the kind picker: a ConfigMap starter, then removed again
    await page.getByRole('combobox', { name: 'Kind of the new resource' }).selectOption({ label: 'ConfigMap (v1)' });
    await page.getByRole('button', { name: 'Add resource' }).click();
    await expect(resource(page, 'config2')).toBeVisible();
    // its starter template, in its own editor (the design YAML is virtualised by Monaco: lines below the fold are not in the DOM)
    await expect(resource(page, 'config2')).toContainText('kind: ConfigMap');
    await resource(page, 'config2').getByRole('button', { name: 'Remove config2' }).click();
    await expect(resource(page, 'config2')).toBeHidden();

    // every child rendered for the sample; the Ingress is left out (no host in the sample)
    await page.getByRole('tab', { name: 'What the controller creates' }).click();
    const preview = page.getByRole('tabpanel');
    await expect(preview).toContainText('name: webapp-sample-deployment');
    await expect(preview).toContainText('name: webapp-sample-config', { timeout: 15_000 });
    await expect(preview).toContainText('# ingress (Ingress): not created for the sample, its includeWhen is false');

    // a value only the API server's CEL libraries compute (issue 28), typed into the ConfigMap's
    // template: the worker's CEL module (WebAssembly, from /_cel/<hash>/) evaluates it in the preview
    await expect(page.getByRole('region', { name: 'Previews' })).toHaveAttribute('data-cel', 'ready', {
      timeout: 60_000,
    });
    // the whole GREETING line replaced (no new line: Monaco would indent it its own way)
    await resource(page, 'config').locator('.view-lines').getByText('GREETING', { exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.insertText(
      "GREETING: ${lists.range(3).map(i, self.metadata.name + '-' + string(i)).join(',')}",
    );
    await page.keyboard.press('Escape');
    await expect(preview).toContainText('GREETING: webapp-sample-0,webapp-sample-1,webapp-sample-2', {
      timeout: 30_000,
    });

    // a collection (issue 29): the Web app's ports, a Service per spec.extraPorts entry; none for
    // the sample. Its list typed in the card's For each: the preview shows every object it makes
    const ports = resource(page, 'ports');
    const portsList = ports
      .getByRole('group', { name: 'For each of ports' })
      .getByRole('textbox', { name: 'List (CEL)' });
    await expect(portsList).toHaveValue('${self.spec.?extraPorts.orValue([])}');
    await expect(preview).toContainText('# ports (Service): no objects for the sample, its forEach lists are empty');
    await portsList.fill("${[{'name': dyn('metrics'), 'port': dyn(9090)}, {'name': dyn('admin'), 'port': dyn(8081)}]}");
    await expect(preview).toContainText('# ports[metrics] (Service, 1 of 2)', { timeout: 30_000 });
    await expect(preview).toContainText('name: webapp-sample-ports-admin');
    // a list that is no list: refused at the iterator, before any install
    await portsList.fill('${self.spec.replicas}');
    await expect(ports.getByText('gives int, not a list')).toBeVisible({ timeout: 15_000 });
    await portsList.fill('${self.spec.?extraPorts.orValue([])}');
    await expect(ports.getByText('not a list')).toBeHidden({ timeout: 15_000 });

    // the CEL table (packages/cel/testdata) in this browser's worker: the very outcomes native
    // cel-go gave (the golden file), value for value and error text for error text
    const results = await page.evaluate(runTableInWorker, {
      hash: (await ensureCel()).hash,
      vars: table.vars,
      exprs: table.cases.map((c) => c.expr),
    });
    expect(results.length).toBe(golden.length);
    results.forEach((r, i) => {
      const want = golden[i]!;
      expect(r, want.expr).toEqual(want.error !== undefined ? { error: want.error } : { value: want.value ?? null });
    });
  } finally {
    await removeDesign(page.request, id);
  }
  expect(external, 'requests that left 127.0.0.1').toEqual([]);
});

test('Web app: install, create from the sample, and the Ingress follows spec.host', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(300_000);
  const group = unique('webgraph');
  const namespace = unique('e2e-graph-');
  const dropNamespace = await withNamespace(namespace);
  let designId: string | undefined;
  try {
    designId = await newWebApp(page, group);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Saved · version/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Install CRD' }).click();
    await expect(page.getByText('Established').first()).toBeVisible({ timeout: 60_000 });

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator(`[href="${onTestCluster(`/resources/webapps.${group}.example.com`)}"]`).click();
    await page.getByRole('combobox', { name: 'Namespace' }).selectOption(namespace);
    await page.getByRole('button', { name: 'Create from sample' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    const row = page.getByRole('row', { name: 'webapp-sample' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('link', { name: 'webapp-sample' }).click();

    // the owned-objects panel (being generalised beyond Deployments in issue 14) lists each child
    const owned = page.getByRole('region', { name: 'Owned objects' });
    for (const name of ['webapp-sample-deployment', 'webapp-sample-service', 'webapp-sample-config'])
      await expect(owned.getByText(name).first()).toBeVisible({ timeout: 60_000 });
    await expect(owned.getByText('webapp-sample-ingress')).toHaveCount(0);

    // host set → an Ingress, and the run that created it
    const host = page.getByRole('textbox', { name: 'host' });
    await host.fill('web.example.com');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect(owned.getByText('webapp-sample-ingress').first()).toBeVisible({ timeout: 60_000 });
    const timeline = page.getByRole('region', { name: 'Reconcile timeline' });
    await expect(
      timeline.getByRole('list', { name: 'Actions' }).getByText('Ingress webapp-sample-ingress created').first(),
    ).toBeVisible({ timeout: 30_000 });

    // host cleared → the Ingress is pruned
    await host.fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect(owned.getByText('webapp-sample-ingress')).toHaveCount(0, { timeout: 60_000 });
  } finally {
    if (designId !== undefined) await removeDesign(page.request, designId);
    await dropNamespace();
  }
});
