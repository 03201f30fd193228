// What npm test tells the e2e specs about this launch of the studio (scripts/test.ts sets them).
import path from 'node:path';

/** Browser state after opening the ready line's URL (global-setup.ts writes it). */
export const E2E_STORAGE_STATE = path.resolve(import.meta.dirname, '../../test-results/e2e-storage.json');
/** The ready line's URL: `http://<launch host>.localhost:3100/?token=…`; its origin is the base URL. */
export const launchUrl = process.env.OPSTUDIO_E2E_LAUNCH_URL;
export const launchToken = process.env.OPSTUDIO_E2E_LAUNCH_TOKEN;
/** The same studio under the name every local server shares: `http://127.0.0.1:3100`. */
export const loopbackUrl = process.env.OPSTUDIO_E2E_LOOPBACK_URL ?? 'http://127.0.0.1:3100';
/** The controller's own port (the web app proxies to it): `http://127.0.0.1:3101`. */
export const controllerUrl = process.env.OPSTUDIO_E2E_CONTROLLER_URL ?? 'http://127.0.0.1:3101';
/** A name the e2e studio is configured to serve (OPSTUDIO_ALLOWED_HOSTS); Chromium resolves it to 127.0.0.1. */
export const ALLOWED_NAME = 'studio.example';
