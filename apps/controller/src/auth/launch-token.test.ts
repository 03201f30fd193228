import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchTokenHint } from './launch-token';

test('the 401 hint names the token file without its absolute path', () => {
  const hint = launchTokenHint('/home/alice/src/operator-studio/data/launch-token');
  assert.match(hint, /also in data\/launch-token, readable only by the user who started it/);
  assert.doesNotMatch(hint, /\/home|alice/);
  assert.match(launchTokenHint('/srv/studio-state/launch-token'), /the launch-token file in the studio's data folder/);
  const custom = launchTokenHint('/home/alice/.secrets/token');
  assert.match(custom, /the file OPSTUDIO_LAUNCH_TOKEN_FILE names/);
  assert.doesNotMatch(custom, /alice|secrets/);
  assert.doesNotMatch(launchTokenHint(undefined), /also in/);
});
