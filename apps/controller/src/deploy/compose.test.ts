// docker-compose.yml against the Compose Specification's JSON schema (the one Docker Compose's
// loader, compose-go, validates with; vendored in testdata/compose-spec with its source), plus
// what the schema cannot say: the studio services share one image, the kubeconfig is read-only,
// every long-running service has a health check.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { repoRoot } from '../config';

interface Service {
  image?: string;
  volumes?: string[];
  healthcheck?: { test: string[] };
  restart?: string;
  network_mode?: string;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const schema = JSON.parse(readFileSync(path.join(here, 'testdata/compose-spec/compose-spec.json'), 'utf8')) as object;
// merge keys (`<<: *studio`), as Compose reads them
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};

test('docker-compose.yml is valid against the Compose Specification schema', () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  assert.ok(validate(compose), JSON.stringify(validate.errors, null, 2));
});

test('the studio runs from one image with its kubeconfig read-only; the long-running services have health checks', () => {
  const { postgres, migrate, controller, web } = compose.services;
  assert.ok(postgres && migrate && controller && web, 'postgres, migrate, controller and web');
  assert.equal(new Set([migrate.image, controller.image, web.image]).size, 1);
  assert.ok(controller.volumes?.some((v) => /:\/kube\/config:ro$/.test(v)));
  assert.equal(web.network_mode, 'service:controller', 'the web app reaches the controller on 127.0.0.1');
  for (const s of [postgres, controller, web]) assert.equal(s.healthcheck?.test[0], 'CMD');
});
