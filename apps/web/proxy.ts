// Next's proxy (formerly middleware): runs before every page, asset and API route. It refuses
// requests for a Host this studio does not serve (DNS rebinding) and turns the ready line's
// `/?token=…` link into the launch-token cookie (server/front-door.ts decides; this only answers).
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { decide, frontDoorSettings } from './server/front-door';
import type { FrontDoorSettings } from './server/front-door';

let settings: FrontDoorSettings | Error | undefined;

function loadSettings(): FrontDoorSettings | Error {
  try {
    return (settings ??= frontDoorSettings(process.env));
  } catch (err) {
    return (settings = err instanceof Error ? err : new Error(String(err)));
  }
}

export function proxy(request: NextRequest): NextResponse {
  const loaded = loadSettings();
  if (loaded instanceof Error)
    return new NextResponse(`the web app is misconfigured: ${loaded.message}\n`, {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  const decision = decide(
    {
      method: request.method,
      pathname: request.nextUrl.pathname,
      search: request.nextUrl.search,
      headers: request.headers,
    },
    loaded,
  );
  switch (decision.kind) {
    case 'pass':
      return NextResponse.next();
    case 'refuse':
      return new NextResponse(`${decision.message}\n`, {
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    case 'enter': {
      // Next wants an absolute Location; the Host it is built from has just been checked
      const response = NextResponse.redirect(new URL(decision.location, request.nextUrl.origin), 303);
      response.headers.set('cache-control', 'no-store');
      response.headers.set('referrer-policy', 'no-referrer');
      if (decision.cookie !== '') response.headers.set('set-cookie', decision.cookie);
      return response;
    }
  }
}
