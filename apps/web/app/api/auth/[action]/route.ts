// /api/auth/{session,sign-in,sign-out,setup} → the controller, which owns accounts and sessions
// (see server/controller-proxy.ts). The session cookie passes through untouched.
import { proxyToController } from '../../../../server/controller-proxy';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = proxyToController;
export const POST = proxyToController;
