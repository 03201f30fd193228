import { design200 } from './design-200';
import { validateDesign } from '../packages/shared/src/validate/design';
import { generateSample } from '../packages/shared/src/manifests/sample';
const d = design200();
console.log(validateDesign(d));
console.log(generateSample(d));
