#!/usr/bin/env node
// The `opstudio` command. One rule (docs/design/0059): it runs the controller compiled ahead of
// time (apps/controller/dist, built by scripts/setup.sh) when that build is current with every
// source it was built from, and otherwise the TypeScript source through tsx, so an edit after
// the build runs as edited, never stale.
const built = new URL('../dist/', import.meta.url);
/** @type {unknown} no build yet (a clone before setup): undefined, and the source runs */
const fresh = await import(new URL('fresh.mjs', built).href).catch(() => undefined);
const current =
  typeof fresh === 'object' &&
  fresh !== null &&
  'controllerBuildCurrent' in fresh &&
  fresh.controllerBuildCurrent === true;
if (current) {
  await import(new URL('opstudio.mjs', built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
