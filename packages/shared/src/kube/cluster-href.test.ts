import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterHref, clusterOfPathname, contextFromRouteParam, oldUrlTarget } from './cluster-href';

const EKS = 'arn:aws:eks:eu-west-1:123456789012:cluster/main';

test('clusterHref puts a page under /c/<segment>, readable where it can be', () => {
  assert.equal(clusterHref('opstudio-sandbox-test', '/'), '/c/opstudio-sandbox-test');
  assert.equal(clusterHref('admin@prod', '/designs/new'), '/c/admin@prod/designs/new');
  assert.equal(
    clusterHref(EKS, '/resources/memcacheds.cache.example.com/default/a'),
    '/c/arn:aws:eks:eu-west-1:123456789012:cluster%2Fmain/resources/memcacheds.cache.example.com/default/a',
  );
  assert.equal(clusterHref('ünïcode 集群', '/designs'), '/c/%C3%BCn%C3%AFcode%20%E9%9B%86%E7%BE%A4/designs');
  assert.equal(clusterHref('a?b#c', '/'), '/c/a%3Fb%23c', 'a query or fragment character stays inside the segment');
});

test('the home keeps its query and fragment on the segment itself', () => {
  assert.equal(clusterHref('kind-kind', '/?tab=x'), '/c/kind-kind?tab=x');
  assert.equal(clusterHref('kind-kind', '/#nodes'), '/c/kind-kind#nodes');
  assert.equal(clusterHref('kind-kind', '/designs?x=1'), '/c/kind-kind/designs?x=1');
});

test('clusterHref refuses a path that is not one of the studio (a relative one would land elsewhere)', () => {
  assert.throws(() => clusterHref('kind-kind', 'designs'), /starts with "\/"/);
  assert.throws(() => clusterHref('kind-kind', ''), /starts with "\/"/);
});

test('clusterOfPathname reads back what clusterHref wrote', () => {
  for (const context of ['admin@prod', EKS, 'ünïcode 集群', '100%', 'a?b#c'])
    for (const path of ['/', '/designs/x', '/resources/a.b.c/_/n'])
      assert.deepEqual(clusterOfPathname(new URL(clusterHref(context, path), 'http://s').pathname), { context, path });
});

test('clusterOfPathname: studio-wide pages, old URLs and broken segments have no cluster', () => {
  assert.equal(clusterOfPathname('/'), null);
  assert.equal(clusterOfPathname('/admin/users'), null);
  assert.equal(clusterOfPathname('/sign-in'), null);
  assert.equal(clusterOfPathname('/resources/a'), null);
  assert.equal(clusterOfPathname('/c/'), null);
  assert.equal(clusterOfPathname('/c/%E0%A4%A/x'), null, 'not a valid percent-encoding');
  assert.equal(clusterOfPathname('/c/%0A/x'), null, 'a line break is no context name');
  assert.equal(clusterOfPathname('/c/../x'), null);
  assert.equal(clusterOfPathname('/cx/a'), null);
});

test('the [cluster] route parameter as Next 16 hands it: re-encoded, %2F and @ included', () => {
  // measured with next dev 16.4.6: /c/admin@prod/x gives params.cluster "admin%40prod",
  // /c/arn:…:cluster%2Fmain/… gives "arn%3Aaws%3A…%3Acluster%2Fmain"
  assert.equal(contextFromRouteParam('admin%40prod'), 'admin@prod');
  assert.equal(contextFromRouteParam('admin@prod'), 'admin@prod');
  assert.equal(contextFromRouteParam('arn%3Aaws%3Aeks%3Aeu-west-1%3A123456789012%3Acluster%2Fmain'), EKS);
  assert.equal(contextFromRouteParam('%C3%BCni%20code'), 'üni code');
  assert.equal(contextFromRouteParam('..'), undefined);
  assert.equal(contextFromRouteParam('%2E%2E'), undefined, '".." however it is spelled');
  assert.equal(contextFromRouteParam('%ZZ'), undefined);
  assert.equal(contextFromRouteParam('%20lead'), undefined);
});

test('an old URL lands on the same path and query of the default context', () => {
  assert.equal(oldUrlTarget('opstudio-sandbox-test', [], ''), '/c/opstudio-sandbox-test');
  assert.equal(oldUrlTarget('opstudio-sandbox-test', [], '?tab=x'), '/c/opstudio-sandbox-test?tab=x');
  assert.equal(
    oldUrlTarget('admin@prod', ['resources', 'memcacheds.cache.example.com', 'default', 'a%2Fb'], 'tab=events'),
    '/c/admin@prod/resources/memcacheds.cache.example.com/default/a%2Fb?tab=events',
    'segments stay encoded as Next hands them',
  );
  assert.equal(
    oldUrlTarget(EKS, ['designs', 'new'], '?'),
    `/c/${'arn:aws:eks:eu-west-1:123456789012:cluster%2Fmain'}/designs/new`,
  );
});
