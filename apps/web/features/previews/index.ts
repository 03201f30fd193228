/** The designer's preview tabs (CRD, RBAC, Sample, Go types, what the controller creates, changes vs cluster). */
export { Previews, type PreviewsProps } from './Previews';
