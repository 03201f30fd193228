// The conversion rules as the designer edits them (docs/design/0053): one list of rules per spoke
// version (every version but the storage one), each rule one form; computed fields are typed as
// lines `field = expression`. Pure edits over the design, tested beside.
import type { ConversionRule, RuleForm } from '@opstudio/shared/conversion/model';
import { ruleForms } from '@opstudio/shared/conversion/model';
import type { Design } from '@opstudio/shared/design/schema';

/** The spoke versions, in the CRD's order, with their rules (none yet: an empty list). */
export function spokesOf(design: Design): { version: string; rules: readonly ConversionRule[] }[] {
  const hub = design.crd.versions.find((v) => v.storage)?.name;
  return design.crd.versions
    .filter((v) => v.name !== hub)
    .map((v) => ({
      version: v.name,
      rules: design.conversion?.spokes.find((s) => s.version === v.name)?.rules ?? [],
    }));
}

/** The index of a spoke's entry in `conversion.spokes` (where its problems are), or -1. */
export function spokeIndex(design: Design, version: string): number {
  return design.conversion?.spokes.findIndex((s) => s.version === version) ?? -1;
}

export function setRules(design: Design, version: string, rules: readonly ConversionRule[]): Design {
  const spokes = [...(design.conversion?.spokes ?? [])];
  const i = spokes.findIndex((s) => s.version === version);
  if (i < 0) spokes.push({ version, rules: [...rules] });
  else spokes[i] = { version, rules: [...rules] };
  return { ...design, conversion: { spokes } };
}

export const formOf = (rule: ConversionRule): RuleForm => ruleForms(rule)[0] ?? 'move';

/** A new rule of a form; `field` the field it starts from (a move's from, a new field's name). */
export function newRule(form: RuleForm): ConversionRule {
  switch (form) {
    case 'move':
      return { from: 'spec.', to: 'spec.' };
    case 'compute':
      return { toHub: { 'spec.': 'self.spec.' }, toSpoke: { 'spec.': 'self.spec.' } };
    case 'add':
      return { add: 'spec.', keep: 'annotation' };
    case 'drop':
      return { drop: 'spec.', keep: 'annotation' };
  }
}

/** `field = expression` lines → a map; a line without `=` keeps its text as the field, with an empty expression. */
export function parseAssignments(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const m = /^\s*([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (m === null) out[line.trim()] = '';
    else out[m[1]!] = m[2]!.trim();
  }
  return out;
}

export function assignmentsText(map: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(map ?? {})
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');
}

/** The same text after a round trip through the design (for TextInput's normalize). */
export const normalizeAssignments = (text: string): string => assignmentsText(parseAssignments(text));
