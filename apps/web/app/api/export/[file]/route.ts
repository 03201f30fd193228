// /api/export/<designId>.zip[?version=N] → the controller's zip download (see server/controller-proxy.ts).
import { proxyToController } from '../../../../server/controller-proxy';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = proxyToController;
export const HEAD = proxyToController;
