/**
 * Saved designs: a name, and every version ever saved (the design YAML in the canonical
 * `serializeDesign` form). Saving never rewrites a version; it adds version n+1. A design's
 * identity is its id (the CRD it installs is labelled with it), the name is unique and may change.
 */
export {
  DesignStore,
  type DesignSummary,
  type DesignVersionView,
  type SaveDesignInput,
  type SavedDesign,
} from './store';
export { parseDesignOrThrow, validateForInstall } from './parse';
