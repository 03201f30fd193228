import { importCrd } from '../packages/shared/src/crd/import';
import { validateDesign } from '../packages/shared/src/validate/design';
import { parseDesign } from '../packages/shared/src/design/io';
import { corpusFiles } from '../packages/shared/src/testing/corpus';
import { readFileSync } from 'node:fs';
const t = (f: () => void, n = 100) => { for (let i=0;i<20;i++) f(); const s:number[]=[]; for (let i=0;i<n;i++){const a=performance.now(); f(); s.push(performance.now()-a);} s.sort((a,b)=>a-b); return s[n>>1]!.toFixed(3); };
for (const n of ['memcached', 'kitchen-sink']) {
  const d = parseDesign(readFileSync(`examples/${n}.design.yaml`,'utf8'));
  if (!d.ok) throw new Error('x');
  console.log(n, validateDesign(d.design), t(() => validateDesign(d.design)));
}
for (const f of corpusFiles()) {
  const r = importCrd(f.text); if (!r.ok) continue;
  const issues = validateDesign(r.design);
  console.log(f.name, issues.length, t(() => validateDesign(r.design), 5));
  for (const i of issues.slice(0, 8)) console.log('   ', i.severity, i.path, '|', i.message);
}
