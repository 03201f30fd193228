// Issue 27's acceptance "the controller acts for a design, not for the studio" (docs/design/0037),
// in multi-user mode against the sandbox. An editor whose RBAC is a Role in team-a:
//   - cannot install the ClusterRoleBinding design; the machine's owner installs it after
//     confirming its permissions, and the identity's ClusterRole equals the export's role.yaml;
//   - creates a Grant binding `cluster-admin` to themself: the API server refuses the design's
//     identity (no `bind`, not cluster-admin's rules), the Grant says so in Degraded, and the
//     editor still may not list team-b;
//   - creates a Claim naming an existing Namespace and an unlabelled ConfigMap: both are left
//     untouched (Degraded AlreadyExists), and turning the Namespace child off deletes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api, CustomObjectsApi, RbacAuthorizationV1Api } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { parseDesign } from '@opstudio/shared/design/io';
import { designIdentity, designRules, generateRbac } from '@opstudio/shared/manifests/index';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { createCaller } from '../api/root';
import { loadAuthConfig } from '../auth/config';
import { LOCAL_ADMIN, type StudioUser } from '../auth/roles';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices, type RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { grantRole } from '../../testing/rbac';

const id = randomUUID().slice(0, 8);
const domain = `id${id}.example.com`;
const version = 'v1alpha1';
const [teamA, teamB, home, victim] = ['team-a', 'team-b', 'ids', 'victim'].map((n) => `${n}-${id}`) as [
  string,
  string,
  string,
  string,
];
const editor: StudioUser = { id: `e-${id}`, name: `ed-${id}`, role: 'editor' };

/** A design with a spec of string/boolean fields, conditions in its status, and these children. */
const designYaml = (kind: string, fields: string, resources: string) => `apiVersion: studio.opstudio.dev/v1alpha1
kind: OperatorDesign
project:
  domain: ${domain}
  repo: github.com/example/${kind.toLowerCase()}-operator
  projectName: ${kind.toLowerCase()}-operator
crd:
  group: sec
  names:
    kind: ${kind}
    plural: ${kind.toLowerCase()}s
    singular: ${kind.toLowerCase()}
    listKind: ${kind}List
  scope: Namespaced
  versions:
  - name: ${version}
    served: true
    storage: true
    subresources:
      status: true
    schema:
      type: object
      fields:
      - name: spec
        type: object
        fields:
${fields}
      - name: status
        type: object
        fields:
        - name: conditions
          preset: conditions
        - name: observedGeneration
          type: integer
          format: int64
operand:
  resources:
${resources}`;

const grantDesign = designYaml(
  'Grant',
  `        - name: user
          type: string`,
  `  - id: binding
    template:
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRoleBinding
      roleRef:
        apiGroup: rbac.authorization.k8s.io
        kind: ClusterRole
        name: cluster-admin
      subjects:
      - apiGroup: rbac.authorization.k8s.io
        kind: User
        name: \${self.spec.user}
`,
);

const claimDesign = designYaml(
  'Claim',
  `        - name: target
          type: string
        - name: keep
          type: boolean`,
  `  - id: ns
    includeWhen: self.spec.keep
    template:
      apiVersion: v1
      kind: Namespace
      metadata:
        name: \${self.spec.target}
  - id: cfg
    template:
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: \${self.spec.target}
      data:
        owner: claim
`,
);

interface Cr {
  metadata: { generation: number };
  status?: { conditions?: { type: string; status: string; reason: string; message: string }[] };
}
const group = `sec.${domain}`;

describe(
  'each design writes as its own identity (multi-user mode)',
  { skip: skipWithoutCluster, timeout: 180_000 },
  () => {
    let running: RunningServices;
    const designIds: string[] = [];
    const kc = () => loadKubeConfig(kubeconfigPath).kc;
    const asLocal = () => createCaller({ ...running.services, user: LOCAL_ADMIN });
    const asEditor = () => createCaller({ ...running.services, user: editor });
    const readCr = (plural: string, name: string) =>
      kc()
        .makeApiClient(CustomObjectsApi)
        .getNamespacedCustomObject({ group, version, namespace: teamA, plural, name }) as Promise<Cr>;
    const degraded = (plural: string, name: string, reason: string) =>
      eventually(`${plural}/${name} Degraded=True ${reason}`, 60_000, async () => {
        const c = (await readCr(plural, name)).status?.conditions?.find((x) => x.type === 'Degraded');
        return c?.status === 'True' && c.reason === reason ? c : undefined;
      });
    const save = async (yaml: string, name: string) => {
      const saved = await asLocal().designs.save({ name: `${name}-${id}`, yaml });
      designIds.push(saved.id);
      return saved.id;
    };
    const create = (plural: string, kind: string, name: string, spec: Record<string, unknown>) =>
      asEditor().resources.create({
        group,
        version,
        plural,
        namespace: teamA,
        body: { apiVersion: `${group}/${version}`, kind, metadata: { name }, spec },
      });

    before(async () => {
      const core = kc().makeApiClient(CoreV1Api);
      for (const ns of [teamA, teamB, home, victim]) await core.createNamespace({ body: { metadata: { name: ns } } });
      await core.createNamespacedConfigMap({
        namespace: victim,
        body: { metadata: { name: 'keep-me' }, data: { x: '1' } },
      });
      // the editor's ConfigMap (they may not read it) that a Claim's child would be named like
      await core.createNamespacedConfigMap({
        namespace: teamA,
        body: { metadata: { name: victim }, data: { secret: 'not the controller’s' } },
      });
      running = await startServices(loadKubeConfig(kubeconfigPath), migratedTempDb(), {
        auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
        lease: { namespace: home, name: 'opstudio-identity-it' },
      });
      await grantRole(kc(), {
        namespace: teamA,
        role: 'claims-and-grants',
        rules: [
          { apiGroups: [group], resources: ['grants', 'claims'], verbs: ['get', 'list', 'watch', 'create', 'patch'] },
        ],
        subject: { kind: 'User', name: `opstudio:${editor.name}` },
      });
    });

    after(async () => {
      for (const designId of designIds)
        await asLocal()
          .crds.uninstall({ designId, deleteResources: true })
          .catch(() => undefined);
      await running?.stop();
      const core = kc().makeApiClient(CoreV1Api);
      for (const ns of [teamA, teamB, home, victim]) await core.deleteNamespace({ name: ns }).catch(() => undefined);
    });

    test('the ClusterRoleBinding design: not installable by the editor; installed after confirming, it binds nothing the identity lacks', async () => {
      const designId = await save(grantDesign, 'grant');
      await assert.rejects(asEditor().crds.install({ designId }), (e: unknown) => {
        assert.ok(e instanceof TRPCError);
        assert.equal(e.code, 'FORBIDDEN');
        return true;
      });
      await assert.rejects(asLocal().crds.install({ designId }), (e: unknown) => {
        assert.ok(e instanceof TRPCError);
        assert.equal(e.code, 'PRECONDITION_FAILED', 'RBAC writes are confirmed first');
        assert.match(
          e.message,
          /writes RBAC objects: who may do what: rbac\.authorization\.k8s\.io\/clusterrolebindings: .*\(cluster-scoped\)/,
        );
        return true;
      });
      await asLocal().crds.install({ designId, confirmPermissions: true });

      // the identity's role is the export's config/rbac/role.yaml, rule for rule
      const parsed = parseDesign(grantDesign);
      assert.ok(parsed.ok);
      const who = designIdentity(`grants.${group}`, home);
      const role = await kc().makeApiClient(RbacAuthorizationV1Api).readClusterRole({ name: who.roleName });
      const yaml = parseYaml(generateRbac(parsed.design));
      assert.ok(yaml.ok);
      const exported = yaml.value as { rules: unknown[] };
      assert.deepEqual(JSON.parse(JSON.stringify(role.rules)), exported.rules);
      assert.deepEqual(exported.rules, designRules(parsed.design));

      await create('grants', 'Grant', 'me', { user: `opstudio:${editor.name}` });
      const c = await degraded('grants', 'me', 'ApplyFailed');
      // the condition names the child and where it is in the design, then the API server's words
      assert.match(c.message, /^child "binding" \(operand\.resources\[0\]\.template\): /);
      assert.match(c.message, new RegExp(`${who.user.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      assert.match(c.message, /forbidden|not currently held/i);
      const bindings = await kc().makeApiClient(RbacAuthorizationV1Api).listClusterRoleBinding();
      assert.deepEqual(
        bindings.items.filter((b) => b.subjects?.some((s) => s.name === `opstudio:${editor.name}`)),
        [],
        'no binding names the editor',
      );
      assert.deepEqual(await asEditor().access.can({ verb: 'list', group: '', resource: 'pods', namespace: teamB }), {
        allowed: false,
        denied: 'rbac',
      });
    });

    test('the Namespace design: an existing Namespace and an unlabelled ConfigMap are left untouched, and nothing is pruned', async () => {
      const designId = await save(claimDesign, 'claim');
      await asLocal().crds.install({ designId, confirmPermissions: true });
      await create('claims', 'Claim', 'grab', { target: victim, keep: true });
      const c = await degraded('claims', 'grab', 'AlreadyExists');
      assert.match(c.message, new RegExp(`Namespace ${victim} already exists and was not created for this resource`));
      assert.match(c.message, new RegExp(`ConfigMap ${teamA}/${victim} already exists`));

      await asEditor().resources.patch({
        group,
        version,
        plural: 'claims',
        namespace: teamA,
        name: 'grab',
        strategy: 'merge',
        patch: { spec: { keep: false } },
      });
      await eventually('the Claim reconciled at generation 2', 60_000, async () => {
        const cr = await readCr('claims', 'grab');
        const d = cr.status?.conditions?.find((x) => x.type === 'Degraded') as
          { observedGeneration?: number } | undefined;
        return cr.metadata.generation === 2 && d?.observedGeneration === 2 ? true : undefined;
      });
      const core = kc().makeApiClient(CoreV1Api);
      const ns = await core.readNamespace({ name: victim });
      assert.equal(ns.metadata?.deletionTimestamp, undefined, 'the victim namespace is not being deleted');
      assert.equal(ns.metadata?.ownerReferences, undefined, 'nor adopted');
      assert.equal((await core.readNamespacedConfigMap({ namespace: victim, name: 'keep-me' })).data?.x, '1');
      const cm = await core.readNamespacedConfigMap({ namespace: teamA, name: victim });
      assert.deepEqual(cm.data, { secret: 'not the controller’s' });
      assert.equal(cm.metadata?.ownerReferences, undefined);
    });
  },
);
