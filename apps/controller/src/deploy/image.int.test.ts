// The studio's container image (Dockerfile), built and run for real: buildah builds it on Debian
// base images carrying this machine's Node (no registry is reachable here; image-base.ts), then
// runs in it what the Helm chart's pod runs — the `migrate` init command, the controller, the web
// app's standalone server — against the test sandbox and this pass's database (a fresh Postgres
// database in npm test's Postgres pass, SQLite in /data otherwise). It checks /readyz, a page and
// its script from the web app, and one API call through the web app's proxy, and prints the
// image's size and build time. Cold, the build takes minutes (npm ci, next build); buildah's layer
// cache makes an unchanged tree's rebuild take seconds.
//
// Run: OPSTUDIO_KUBECONFIG=data/sandbox-test/kubeconfig node --import tsx --test apps/controller/src/deploy/image.int.test.ts
// @postgres: the image's migrate command and controller on a Postgres URL, as the chart's Postgres values run them
// @lane: build the studio's container image with buildah (npm ci, next build)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { ensureImageBases } from '@opstudio/sandbox';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster, testPostgresUrl } from '../../testing';
import { freePort } from '../../testing/go-manager';
import { buildStudioImage, ImageContainer, type BuiltImage } from '../../testing/studio-image';

const IMAGE = 'localhost/operator-studio:test';
const suffix = randomBytes(4).toString('hex');
const namespace = `image-${suffix}`;
const launchToken = randomBytes(24).toString('base64url');
const progress = (line: string): void => console.log(`[image] ${line}`);

/** An empty database for the migrate command: on the Postgres pass's server, else SQLite inside the container. */
function emptyDatabase(): { url: string; drop: () => void } {
  const server = testPostgresUrl;
  if (server === undefined || server === '') return { url: 'file:/data/studio.db', drop: () => {} };
  const name = `image_${suffix}`;
  const psql = (sql: string) => execFileSync('psql', [server, '-qAtc', sql], { stdio: 'pipe' });
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe('the container image', { skip: skipWithoutCluster }, () => {
  let image: BuiltImage;
  let container: ImageContainer | undefined;
  let database: ReturnType<typeof emptyDatabase> | undefined;
  const cleanups: (() => void)[] = [];
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);

  // a cold build (npm ci, better-sqlite3, next build) took 6–10 min on 2 busy cores: more room than the
  // 15 min npm test gives a test, for a busier machine
  before(
    async () => {
      const bases = await ensureImageBases({ onProgress: progress });
      progress(`building ${IMAGE} on ${bases.runtime} (build stages on ${bases.build})…`);
      image = await buildStudioImage(bases, IMAGE, progress);
      progress(`built in ${image.seconds.toFixed(0)} s; image size ${image.size}`);
      // the controller-manager's Lease, apart from every other studio on the sandbox
      await core().createNamespace({ body: { metadata: { name: namespace } } });
    },
    { timeout: 45 * 60_000 },
  );

  after(async () => {
    await container?.remove();
    database?.drop();
    for (const cleanup of cleanups) cleanup();
    await core()
      .deleteNamespace({ name: namespace })
      .catch(() => {});
  });

  test('migrate, the controller and the web app run from the image: /readyz, a page, an API call', async () => {
    container = await ImageContainer.from(image.ref, `opstudio-image-${suffix}`);
    database = emptyDatabase();
    const [controllerPort, webPort] = [await freePort(), await freePort()];
    const proxySecret = randomBytes(24).toString('base64url');
    // the image's user (uid 10001) reads it: a copy readable by all, in a folder only we can enter
    const kubeconfigCopy = path.join(mkdtempSync(path.join(tmpdir(), 'opstudio-image-')), 'kubeconfig');
    copyFileSync(kubeconfigPath ?? '', kubeconfigCopy);
    chmodSync(kubeconfigCopy, 0o644);
    cleanups.push(() => rmSync(path.dirname(kubeconfigCopy), { recursive: true, force: true }));
    const mounts = [{ from: kubeconfigCopy, to: '/kube/config' }];

    // the chart's init container
    const migrated = await container.exec('migrate', ['node', '--import', 'tsx', 'scripts/migrate.ts'], {
      env: { DATABASE_URL: database.url },
    });
    assert.match(migrated, /migrated /);

    // the controller runs compiled ahead of time: the image's build is current with its sources
    // (else bin/opstudio.js would run them through tsx)
    const build = await container.exec('build', [
      'node',
      '-e',
      "import('/app/apps/controller/dist/fresh.mjs').then((f) => console.log(JSON.stringify(f.controllerBuildStale ?? 'current')))",
    ]);
    assert.match(build, /"current"/);

    const controller = container.start('controller', ['node', 'apps/controller/bin/opstudio.js', 'serve'], {
      env: {
        OPSTUDIO_HOST: '127.0.0.1',
        OPSTUDIO_CONTROLLER_PORT: String(controllerPort),
        DATABASE_URL: database.url,
        OPSTUDIO_KUBECONFIG: '/kube/config',
        OPSTUDIO_LEASE_NAMESPACE: namespace,
        OPSTUDIO_WEB_URL: `http://127.0.0.1:${webPort}`,
        OPSTUDIO_LAUNCH_TOKEN: launchToken,
        OPSTUDIO_PROXY_SECRET: proxySecret,
      },
      mounts,
    });
    await controller.waitFor(`http://127.0.0.1:${controllerPort}/readyz`, 120_000);

    const web = container.start('web', ['node', '--import', 'tsx', 'apps/web/server/serve.ts'], {
      env: {
        OPSTUDIO_WEB_HOST: '127.0.0.1',
        OPSTUDIO_WEB_PORT: String(webPort),
        OPSTUDIO_CONTROLLER_URL: `http://127.0.0.1:${controllerPort}`,
        OPSTUDIO_PROXY_SECRET: proxySecret,
      },
    });
    const webUrl = `http://127.0.0.1:${webPort}`;
    await web.waitFor(webUrl, 60_000, (status) => status < 500);

    // a server-rendered page and a script it loads: the standalone server and the static files
    const home = await fetch(webUrl); // the page shell needs no credential (the API does, below)
    const html = await home.text();
    assert.equal(home.status, 200, html.slice(0, 500));
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page loads a script from /_next/static');
    assert.equal((await fetch(`${webUrl}${script}`)).status, 200, script);

    // one API call through the web app's proxy to the controller, which asks the sandbox
    const res = await fetch(`${webUrl}/api/trpc/cluster.info`, { headers: { authorization: `Bearer ${launchToken}` } });
    const body = (await res.json()) as { result?: { data?: { version?: string; nodes?: unknown } } };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.match(body.result?.data?.version ?? '', /^v1\.\d+\.\d+/, JSON.stringify(body));
    assert.deepEqual(body.result?.data?.nodes, { ready: 3, total: 3 });
  });
});
