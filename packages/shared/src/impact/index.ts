/**
 * The impact of installing a changed design on the custom resources already running (issue 31,
 * point 1): which the new CRD would refuse, which children change, are added or deleted, and the
 * summary line the install page and `opstudio plan` show. See docs/design/0051-impact-before-install.md.
 */
export { childRenderer, childRenderers, diffChildren, type ChildRenderer, type RenderedChildren } from './children';
export { planImpact, refOf, type ImpactInput, type ImpactSide } from './impact';
export { childChangeText } from './summary';
export type * from './types';
