// The CRD's `spec.conversion` for a design with conversion rules (docs/design/0053): a Webhook
// conversion whose clientConfig is the studio's own webhook for that design version
// (conversion/webhook.ts). The API server must reach it: on this machine (the sandbox, any
// cluster whose API server is on loopback) it does; elsewhere Install says so and names the way
// that works. After a restart (a new port) or a CA renewal the installed CRDs are re-pointed.
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';
import { UnprocessableError } from '../errors';
import type { WebhookClientConfig } from '../conversion/webhook';
import type { CrdClient } from './crd-client';
import { DESIGN_LABEL, installedFrom } from './labels';

/** The studio's webhook as one cluster sees it. */
export interface ConversionEndpoint {
  clientConfig(designId: string, version: number): WebhookClientConfig;
  /** why this cluster's API server cannot call it; undefined when it can */
  readonly unreachable: string | undefined;
}

/** A design needs the webhook when some version has rules; identical versions convert without one. */
export function needsWebhook(design: Design): boolean {
  return (design.conversion?.spokes ?? []).some((s) => s.rules.length > 0) && design.crd.versions.length > 1;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Why the API server at `server` cannot reach a webhook on this machine's loopback, or undefined. */
export function unreachableFrom(server: string): string | undefined {
  let host: string;
  try {
    host = new URL(server).hostname;
  } catch {
    return `the API server's address ${server} is not a URL`;
  }
  if (LOOPBACK.has(host)) return undefined;
  return `the API server at ${server} cannot reach the studio's conversion webhook, which listens on this machine's 127.0.0.1: install the exported operator (its manager serves the webhook) to use the conversion rules in this cluster`;
}

function conversionOf(config: WebhookClientConfig): NonNullable<CustomResourceDefinition['spec']['conversion']> {
  return {
    strategy: 'Webhook',
    webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: config.url, caBundle: config.caBundle } },
  };
}

/** Sets the CRD's conversion for the design version, or refuses the install when the cluster cannot call the webhook. */
export function withConversion(
  crd: CustomResourceDefinition,
  design: Design,
  at: { designId: string; version: number; label: string },
  endpoint: ConversionEndpoint | undefined,
): void {
  if (!needsWebhook(design)) return;
  const why =
    endpoint === undefined
      ? "this install runs outside the studio's server, which serves the conversion webhook: install from the studio"
      : endpoint.unreachable;
  if (why !== undefined)
    throw new UnprocessableError(`${at.label} converts between versions with a webhook, and ${why}`, [
      { field: 'conversion', message: why, reason: 'conversion-webhook' },
    ]);
  crd.spec.conversion = conversionOf(endpoint!.clientConfig(at.designId, at.version));
}

const OURS = /^https:\/\/127\.0\.0\.1:\d+\/convert\//;

/** Re-points every CRD the studio installed with its webhook at the webhook's current address and bundle. */
export async function repointConversions(
  client: CrdClient,
  endpoint: ConversionEndpoint,
): Promise<{ repointed: string[] }> {
  const repointed: string[] = [];
  for (const crd of await client.list(DESIGN_LABEL)) {
    const conversion = crd.spec.conversion as
      { strategy?: string; webhook?: { clientConfig?: { url?: string; caBundle?: string } } } | undefined;
    const url = conversion?.webhook?.clientConfig?.url;
    const from = installedFrom(crd);
    if (conversion?.strategy !== 'Webhook' || url === undefined || !OURS.test(url) || from?.designVersion == null)
      continue;
    const want = endpoint.clientConfig(from.designId, from.designVersion);
    if (want.url === url && want.caBundle === conversion.webhook?.clientConfig?.caBundle) continue;
    await client.patchConversion(crd.metadata.name, conversionOf(want));
    repointed.push(crd.metadata.name);
  }
  return { repointed };
}
