// The overview's shapes, from the controller's router (types only).
import type { AppRouter } from '@opstudio/controller/router';
import type { TRPCOptionsProxy, inferOutput } from '@trpc/tanstack-react-query';

type Api = TRPCOptionsProxy<AppRouter>;
export type KindOverview = inferOutput<Api['resources']['overview']>[number];
export type FailedRun = inferOutput<Api['history']['failures']>[number];
