import { crdObject } from '../packages/shared/src/crd/generate';
import { validateCrd } from '../packages/shared/src/validate/crd';
import { parseDesign } from '../packages/shared/src/design/io';
import { readFileSync } from 'node:fs';
const d = parseDesign(readFileSync('examples/kitchen-sink.design.yaml','utf8'));
if (!d.ok) throw new Error('x');
for (let i=0;i<1000;i++) validateCrd(crdObject(d.design));
