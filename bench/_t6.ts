import { design200 } from './design-200';
import { validateDesign } from '../packages/shared/src/validate/design';
const d = design200();
const d2 = structuredClone(d); d2.crd.versions[0]!.schema!.description = 'x';
const a = performance.now();
for (let i=0;i<1000;i++) validateDesign(i % 2 ? d : d2);
console.log((performance.now()-a)/1000);
