/**
 * Installing designs as CRDs: server-side dry run, the breaking-change diff against the
 * installed CRD, server-side apply as `operator-studio`, waiting for NamesAccepted and
 * Established; uninstalling (custom resources first when asked, then the CRD). The CRD is
 * labelled `studio.opstudio.dev/design=<design id>` and annotated with the design version, which
 * is how the controller-manager knows what to reconcile. Progress is published on the live topic
 * `install:<operationId>` and returned when the call completes.
 */
export { CrdService, type CrdDiff, type CrdServiceOptions, type CrdSummary } from './service';
export { DESIGN_LABEL, DESIGN_VERSION_ANNOTATION, installedFrom, labelledCrd } from './labels';
export { OPERATION_ID } from './operations';
export type { DesignChange } from './install';
export type { InstallOperation, InstallStep, InstallStepName } from './types';
