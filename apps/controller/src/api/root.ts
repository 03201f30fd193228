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
import { LOCAL_ADMIN } from '../auth';
import type { AuthContext } from '../auth';
import type { ApiContext } from './context';
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
});

export type AppRouter = typeof appRouter;

const callerFactory = createCallerFactory(appRouter);
/**
 * For tests and in-process callers (the CLI): `createCaller(ctx).cluster.info()`. They act as the
 * machine's owner (the local admin) unless `user` is given. Never use this for network requests:
 * the HTTP handler builds its context from the request's session.
 */
export const createCaller = (ctx: ApiContext & Partial<AuthContext>, opts?: Parameters<typeof callerFactory>[1]) => callerFactory({ user: LOCAL_ADMIN, ...ctx }, opts);

/** What the live subscription carries, for the web app's reducers. */
export type { ClusterSummary, LiveEvent, NamespaceSummary, NodeSummary } from '../live/events';
export type { Topic } from '../live/topics';
export type { AccessAnswer } from './routers/access';
export type { CrdDiff, CrdSummary, DesignChange, InstallOperation, InstallStep, InstallStepName } from '../install';
export type { DesignSummary, DesignVersionView, SavedDesign } from '../designs';
export type { AuditEntryView, AuditFilter } from '../audit';
export type { EventSummary, RunAction, RunOutcome, TimelineRun } from '../history';
export type {
  ControllerInfo,
  CustomObject,
  CustomObjectMeta,
  OwnedDeployment,
  OwnedPod,
  PrinterCell,
  PrinterColumn,
  ResourceKind,
  ResourceKindVersion,
  ResourceRow,
  RowCondition,
} from '../resources/types';
