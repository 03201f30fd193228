// /api/trpc/* → the controller (see server/controller-proxy.ts).
import { proxyToController } from '../../../../server/controller-proxy';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = proxyToController;
export const POST = proxyToController;
