// Who may scrape /metrics (it names every installed kind): the metrics token, or in single-user
// mode this launch's token; multi-user mode without a metrics token serves nobody.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadAuthConfig } from './config';
import { StudioAuth } from './http';
import type { AuthService } from './service';

const METRICS = 'metrics-token-0123456789abcdef';
// metricsRefusal reads headers and configuration only: no account is looked up
const auth = (env: NodeJS.ProcessEnv) => new StudioAuth({ config: loadAuthConfig(env), service: {} as AuthService });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

test('multi-user mode: the metrics token scrapes; anything else is refused naming the setting', () => {
  const team = auth({ OPSTUDIO_AUTH: 'on', OPSTUDIO_METRICS_TOKEN: METRICS });
  assert.equal(team.metricsRefusal(bearer(METRICS)), undefined);
  assert.match(team.metricsRefusal(bearer('metrics-token-0123456789abcdeX')) ?? '', /OPSTUDIO_METRICS_TOKEN/);
  assert.match(team.metricsRefusal({ headers: {} }) ?? '', /OPSTUDIO_METRICS_TOKEN/);
  assert.match(
    auth({ OPSTUDIO_AUTH: 'on' }).metricsRefusal(bearer(METRICS)) ?? '',
    /metrics are off in multi-user mode until OPSTUDIO_METRICS_TOKEN is set/,
  );
});

test('single-user mode: the launch token scrapes too', () => {
  const local = auth({});
  assert.equal(local.metricsRefusal(bearer(local.launchToken!.value)), undefined);
  assert.match(local.metricsRefusal({ headers: {} }) ?? '', /the launch token/);
});
