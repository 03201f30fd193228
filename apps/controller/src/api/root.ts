// The API's root router: one sub-router per noun. The web app imports `type AppRouter` only.
import { clusterRouter } from './routers/cluster';
import { liveRouter } from './routers/live';
import { designsRouter } from './routers/designs';
import { crdsRouter } from './routers/crds';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  cluster: clusterRouter,
  live: liveRouter,
  designs: designsRouter,
  crds: crdsRouter,
});

export type AppRouter = typeof appRouter;

/** For tests and in-process callers (the CLI): `createCaller(ctx).cluster.info()`. */
export const createCaller = createCallerFactory(appRouter);

/** What the live subscription carries, for the web app's reducers. */
export type { ClusterSummary, LiveEvent, NamespaceSummary, NodeSummary } from '../live/events';
export type { Topic } from '../live/topics';
export type { CrdDiff, CrdSummary, DesignChange, InstallOperation, InstallStep, InstallStepName } from '../install';
export type { DesignSummary, DesignVersionView, SavedDesign } from '../designs';
