// The API's root router: one sub-router per noun. The web app imports `type AppRouter` only.
import { accessRouter } from './routers/access';
import { clusterRouter } from './routers/cluster';
import { liveRouter } from './routers/live';
import { designsRouter } from './routers/designs';
import { crdsRouter } from './routers/crds';
import { resourcesRouter } from './routers/resources';
import { historyRouter } from './routers/history';
import { controllersRouter } from './routers/controllers';
import { auditRouter } from './routers/audit';
import { usersRouter } from './routers/users';
import { podLogsRouter } from './routers/pod-logs';
import { metricsRouter } from './routers/metrics';
import { migrationRouter } from './routers/migration';
import { rolloutsRouter } from './routers/rollouts';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  access: accessRouter,
  cluster: clusterRouter,
  live: liveRouter,
  designs: designsRouter,
  crds: crdsRouter,
  resources: resourcesRouter,
  history: historyRouter,
  controllers: controllersRouter,
  audit: auditRouter,
  users: usersRouter,
  podLogs: podLogsRouter,
  metrics: metricsRouter,
  migration: migrationRouter,
  rollouts: rolloutsRouter,
});

export type AppRouter = typeof appRouter;

/**
 * For tests and in-process callers: `createCaller({ ...services, user: LOCAL_ADMIN }).cluster.info()`.
 * The context's `user` is required: a caller acting as the machine's owner says so. Never use this
 * for network requests: the HTTP handler builds its context from the request's session.
 */
export const createCaller = createCallerFactory(appRouter);

/** What the live subscription carries, for the web app's reducers. */
export type { ClusterSummary, EventSummary, LiveEvent, NamespaceSummary, NodeSummary } from '../live/events';
export type { AccessAnswer } from './access-answers';
export type { CrdDiff, CrdSummary, DesignChange, InstallOperation, InstallStep, InstallStepName } from '../install';
export type { DesignSummary, DesignVersionView, SavedDesign } from '../designs';
export type { AuditEntryView, AuditFilter } from '../audit';
export type { PodContainers } from '../resources/pod-logs';
export type { RunAction, RunOutcome, TimelineRun } from '../history';
export type { KindRevisionsView } from '../rollouts/service';
export type {
  ControllerInfo,
  CustomObject,
  CustomObjectMeta,
  OwnedClaim,
  OwnedObject,
  OwnedPod,
  OwnedWorkload,
  PrinterCell,
  PrinterColumn,
  ResourceKind,
  ResourceKindVersion,
  ResourceRow,
  RowCondition,
} from '../resources/types';
