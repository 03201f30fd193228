/**
 * Go source text, laid out as gofmt would: tabs, a blank line between commented struct fields
 * (kubebuilder's style), gofmt's column alignment inside runs of uncommented fields, imports
 * sorted by path.
 */
import { GO_IMPORTS, type GoDecl, type GoField, type GoImport } from './model';

/** kubebuilder's hack/boilerplate.go.txt (`kubebuilder init` without --owner). */
export function apacheBoilerplate(year: number, owner = ''): string {
  return `/*
Copyright ${year}${owner ? ` ${owner}` : ''}.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/`;
}

export function renderImports(paths: readonly (readonly [alias: string, path: string])[]): string {
  const sorted = [...paths].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return `import (\n${sorted.map(([alias, p]) => `\t${alias ? `${alias} ` : ''}"${p}"`).join('\n')}\n)`;
}

export function goImports(used: ReadonlySet<GoImport>): [string, string][] {
  return [...used].map((i) => [i === 'metav1' ? 'metav1' : '', GO_IMPORTS[i]]);
}

const cells = (f: GoField): string[] => [f.goName, ...(f.goType ? [f.goType] : []), `\`json:"${f.jsonTag}"\``];

/** gofmt's tabwriter: a cell is padded to its column's width unless it ends its line. */
function alignRun(run: GoField[]): string[] {
  const rows = run.map(cells);
  const width: number[] = [];
  rows.forEach((r) => r.slice(0, -1).forEach((c, i) => (width[i] = Math.max(width[i] ?? 0, c.length))));
  return rows.map((r) => `\t${r.map((c, i) => (i < r.length - 1 ? c.padEnd(width[i] ?? 0) : c)).join(' ')}`);
}

function renderStruct(fields: readonly GoField[]): string {
  if (fields.length === 0) return 'struct{}';
  const blocks: string[] = [];
  let run: GoField[] = [];
  const flush = (): void => {
    if (run.length) blocks.push(alignRun(run).join('\n'));
    run = [];
  };
  fields.forEach((f) => {
    if (f.comment.length === 0) {
      run.push(f);
      return;
    }
    flush();
    // a run of one field: every cell is as wide as its column, so nothing is padded
    let block = '';
    for (const c of f.comment) block += `\t${c}\n`;
    blocks.push(`${block}\t${cells(f).join(' ')}`);
  });
  flush();
  return `struct {\n${blocks.join('\n\n')}\n}`;
}

export function renderDecl(d: GoDecl): string {
  const comment = d.comment.join('\n');
  const body = d.kind === 'struct' ? renderStruct(d.fields) : d.underlying;
  return `${comment ? `${comment}\n` : ''}type ${d.name} ${body}`;
}
