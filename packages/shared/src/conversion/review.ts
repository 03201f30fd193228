/**
 * The conversion webhook's answer, pure: a `ConversionReview` (apiextensions.k8s.io/v1) as the API
 * server sends it, checked with zod, and the review it expects back. Every object is converted
 * with the design's rules (convert.ts) to `desiredAPIVersion`; one failure fails the review, as
 * the API server wants (it then refuses the request that needed the conversion, with the message).
 */
import { z } from 'zod';
import type { JSONValue } from '../crd/types';
import { convert, type ConversionPlan } from './convert';

const OBJECT = z
  .looseObject({ apiVersion: z.string().min(1), kind: z.string().min(1) })
  .transform((o) => o as Record<string, JSONValue>);

export const CONVERSION_REVIEW = z.looseObject({
  apiVersion: z.literal('apiextensions.k8s.io/v1'),
  kind: z.literal('ConversionReview'),
  request: z.looseObject({
    uid: z.string().min(1),
    desiredAPIVersion: z.string().min(1),
    objects: z.array(OBJECT),
  }),
});

export type ConversionReviewRequest = z.infer<typeof CONVERSION_REVIEW>;

export interface ConversionReviewResponse {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'ConversionReview';
  response: {
    uid: string;
    convertedObjects: Record<string, JSONValue>[];
    result: { status: 'Success' } | { status: 'Failure'; message: string };
  };
}

/** `group/version` → version, when the group is this kind's. */
function versionIn(plan: ConversionPlan, apiVersion: string): string | undefined {
  const slash = apiVersion.lastIndexOf('/');
  return apiVersion.slice(0, slash) === plan.group ? apiVersion.slice(slash + 1) : undefined;
}

export function answerReview(plan: ConversionPlan, review: ConversionReviewRequest): ConversionReviewResponse {
  const { uid, desiredAPIVersion, objects } = review.request;
  const answer = (
    result: ConversionReviewResponse['response']['result'],
    converted: Record<string, JSONValue>[] = [],
  ) => ({
    apiVersion: 'apiextensions.k8s.io/v1' as const,
    kind: 'ConversionReview' as const,
    response: { uid, convertedObjects: converted, result },
  });
  const to = versionIn(plan, desiredAPIVersion);
  if (to === undefined)
    return answer({ status: 'Failure', message: `${desiredAPIVersion} is not in group ${plan.group}` });
  const out: Record<string, JSONValue>[] = [];
  for (const obj of objects) {
    const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
    const from = versionIn(plan, apiVersion);
    const name = (obj.metadata as { name?: unknown } | undefined)?.name;
    if (from === undefined)
      return answer({ status: 'Failure', message: `${apiVersion} is not in group ${plan.group}` });
    const r = convert(plan, obj, from, to);
    if (!r.ok)
      return answer({
        status: 'Failure',
        message: `converting ${typeof name === 'string' ? name : 'an object'} from ${from} to ${to}: ${r.message}`,
      });
    out.push(r.object);
  }
  return answer({ status: 'Success' }, out);
}
