/**
 * Breaking-change diff between an installed CRD and a proposed one, with the
 * upgrade-safety rules OLM v1 applies before it upgrades a CRD (sigs.k8s.io/crdify,
 * configured by operator-controller: description changes and new enum values allowed,
 * anything unrecognised refused). Every difference is listed, breaking or safe.
 *
 * CRD-wide: scope, group, kind/plural/listKind, conversion changes are breaking.
 * Versions: a version that is stored (installed `status.storedVersions`, or the installed
 * storage version) must stay; removing or unserving a served version is breaking;
 * adding versions, deprecations, printer columns, new subresources are safe.
 * Schemas are compared per version name (diff-schema, diff-node): removed fields, type
 * changes, new required fields, any default change, a new enum or removed enum values,
 * tighter bounds, new or changed patterns and formats, new CEL rules are breaking;
 * the loosening counterparts, new optional fields and documentation are safe.
 * OLM's other check, served versions of one CRD against each other, is diffServedVersions.
 * Rationale and deviations from crdify's defaults: docs/design/0003-upgrade-safety-diff-and-cel.md.
 */
import { canonicalJson } from './diff-json';
import { diffSchema } from './diff-schema';
import type { Change, RuleId, Severity } from './diff-types';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from './types';

export type { Change, RuleId, Severity } from './diff-types';
export { RULE_IDS, hasBreaking } from './diff-types';

type Emit = (path: string, rule: RuleId, severity: Severity, message: string) => void;

/** Versions whose objects may sit in etcd: listed in status.storedVersions, or the storage version. */
export function storedVersions(crd: CustomResourceDefinition): string[] {
  const status = crd.status;
  const listed =
    status !== null && typeof status === 'object' && !Array.isArray(status) && Array.isArray(status.storedVersions)
      ? status.storedVersions.filter((v): v is string => typeof v === 'string')
      : [];
  const storage = crd.spec.versions.filter((v) => v.storage).map((v) => v.name);
  return [...new Set([...listed, ...storage])];
}

function diffCrdWide(a: CustomResourceDefinition, b: CustomResourceDefinition, emit: Emit): void {
  if (a.spec.scope !== b.spec.scope)
    emit(
      '.spec.scope',
      'scope',
      'breaking',
      `scope changed from ${a.spec.scope} to ${b.spec.scope}: existing objects cannot be addressed`,
    );
  if (a.spec.group !== b.spec.group)
    emit(
      '.spec.group',
      'group',
      'breaking',
      `group changed from ${a.spec.group} to ${b.spec.group}: this is a different API`,
    );
  for (const key of ['kind', 'listKind', 'plural'] as const) {
    const x = a.spec.names[key];
    const y = b.spec.names[key];
    if (x !== y)
      emit(
        `.spec.names.${key}`,
        'names',
        'breaking',
        `${key} changed from ${x ?? 'unset'} to ${y ?? 'unset'}: clients address the old name`,
      );
  }
  for (const key of ['singular', 'shortNames', 'categories'] as const) {
    if (canonicalJson(a.spec.names[key]) !== canonicalJson(b.spec.names[key])) {
      emit(`.spec.names.${key}`, 'names', 'safe', `${key} changed (kubectl aliases only)`);
    }
  }
  // the strategy, not where the webhook is: a new port or CA bundle is not a change to the API
  if ((a.spec.conversion?.strategy ?? 'None') !== (b.spec.conversion?.strategy ?? 'None')) {
    emit(
      '.spec.conversion',
      'conversion',
      'breaking',
      `conversion changed from ${a.spec.conversion?.strategy ?? 'None'} to ${b.spec.conversion?.strategy ?? 'None'}: check that stored objects still convert`,
    );
  }
}

function diffVersionMeta(a: CustomResourceDefinitionVersion, b: CustomResourceDefinitionVersion, emit: Emit): void {
  const v = a.name;
  if (a.served !== b.served) {
    emit(
      `${v}: served`,
      'served',
      b.served ? 'safe' : 'breaking',
      b.served ? 'version served again' : 'version no longer served: clients using it get 404',
    );
  }
  if (a.storage !== b.storage)
    emit(
      `${v}: storage`,
      'storage',
      'safe',
      b.storage
        ? 'becomes the storage version'
        : 'no longer the storage version (objects already stored stay readable)',
    );
  if ((a.deprecated ?? false) !== (b.deprecated ?? false) || a.deprecationWarning !== b.deprecationWarning) {
    emit(`${v}: deprecated`, 'deprecation', 'safe', b.deprecated ? 'version deprecated' : 'deprecation changed');
  }
  if (canonicalJson(a.additionalPrinterColumns ?? []) !== canonicalJson(b.additionalPrinterColumns ?? [])) {
    emit(
      `${v}: additionalPrinterColumns`,
      'printerColumns',
      'safe',
      'printer columns changed (kubectl get output only)',
    );
  }
  const sa = a.subresources ?? {};
  const sb = b.subresources ?? {};
  for (const key of ['status', 'scale'] as const) {
    if (canonicalJson(sa[key]) === canonicalJson(sb[key])) continue;
    const removedOrChanged = sa[key] !== undefined;
    emit(
      `${v}: subresources.${key}`,
      'subresources',
      removedOrChanged ? 'breaking' : 'safe',
      sb[key] === undefined
        ? `${key} subresource removed: clients using /${key} break`
        : removedOrChanged
          ? `${key} subresource changed`
          : `${key} subresource added`,
    );
  }
  const fa = (a.selectableFields ?? []).map((f) => f.jsonPath);
  const fb = (b.selectableFields ?? []).map((f) => f.jsonPath);
  for (const p of fa)
    if (!fb.includes(p))
      emit(
        `${v}: selectableFields`,
        'selectableFields',
        'breaking',
        `selectable field ${p} removed: field selectors on it fail`,
      );
  for (const p of fb)
    if (!fa.includes(p)) emit(`${v}: selectableFields`, 'selectableFields', 'safe', `selectable field ${p} added`);
}

export function diffCrds(installed: CustomResourceDefinition, proposed: CustomResourceDefinition): Change[] {
  const changes: Change[] = [];
  const emit: Emit = (path, rule, severity, message) => changes.push({ path, rule, severity, message });
  diffCrdWide(installed, proposed, emit);

  const stored = storedVersions(installed);
  const next = new Map(proposed.spec.versions.map((v) => [v.name, v]));
  const known = new Set(installed.spec.versions.map((v) => v.name));
  for (const name of stored) {
    if (!next.has(name))
      emit(
        name,
        'storedVersionRemoval',
        'breaking',
        `stored version ${name} removed: objects stored in it can no longer be read; migrate them and trim status.storedVersions first`,
      );
  }
  for (const old of installed.spec.versions) {
    const now = next.get(old.name);
    if (now === undefined) {
      if (!stored.includes(old.name)) {
        emit(
          old.name,
          'versionRemoval',
          old.served ? 'breaking' : 'safe',
          old.served ? 'served version removed: clients using it get 404' : 'unserved version removed',
        );
      }
      continue;
    }
    diffVersionMeta(old, now, emit);
    changes.push(...diffSchema(old.name, old.schema?.openAPIV3Schema, now.schema?.openAPIV3Schema));
  }
  for (const v of proposed.spec.versions)
    if (!known.has(v.name)) emit(v.name, 'versionAddition', 'safe', `version ${v.name} added`);
  return changes;
}

export { diffServedVersions, compareKubeVersions } from './diff-served';
