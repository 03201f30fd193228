/**
 * Tests that live in the design (issue 32, docs/design/0052): a `tests` section beside `crd` and
 * `operand`, in the same file, so that a case travels with what it tests (the designer, the CLI
 * and the export read one document).
 *   render      a custom resource (a merge patch over the design's sample, or a whole object),
 *               optionally what the cluster reports of its children (`observed`: a merge patch
 *               over each rendered child, e.g. its status), and what the controller must do:
 *               children (a subset of each, or exact), children it must not create, the status
 *               it writes and its conditions (the fields given of each type).
 *   validation  an object (a merge patch over the sample) and, for an update, the old object; the
 *               verdict of the API server's own validator (pruning, defaults, the schema,
 *               x-kubernetes-validations with its CEL and cost limits, ratcheting): allowed, or
 *               refused with exactly the lines given (or any lines when none are given).
 */
import { z } from 'zod';
import { JSON_VALUE } from '../design/field';

const JSON_OBJECT = z.record(z.string(), JSON_VALUE);

const CASE_NAME = z
  .string()
  .min(1, 'a case needs a name, such as "three replicas"')
  .max(120, 'a case name is at most 120 characters')
  .regex(/^[^\n\r]*$/, 'a case name is one line');

/** A condition as expected: its type, and only the fields given are compared. */
export const EXPECTED_CONDITION = z.strictObject({
  type: z.string().min(1),
  status: z.enum(['True', 'False', 'Unknown']).optional(),
  reason: z.string().optional(),
  /** the whole message, or a part of it when `messageContains` */
  message: z.string().optional(),
  messageContains: z.string().optional(),
});

export const RENDER_CASE = z.strictObject({
  name: CASE_NAME,
  /** a merge patch over the design's sample CR (`spec: {replicas: 5}`) */
  cr: JSON_OBJECT.optional(),
  /** the whole custom resource instead of a patch over the sample */
  object: JSON_OBJECT.optional(),
  /** by child id: a merge patch over the rendered child, as the cluster reports it (its status) */
  observed: z.record(z.string(), JSON_OBJECT).optional(),
  expect: z.strictObject({
    /**
     * by child id: the fields the child must have (a subset), or the whole child with `exact`; a
     * collection's objects as a list, in the order the controller makes them
     */
    children: z.record(z.string(), z.union([JSON_OBJECT, z.array(JSON_OBJECT)])).optional(),
    /** child ids the controller must not create for this custom resource */
    absent: z.array(z.string()).optional(),
    /** the status the controller writes (a subset) */
    status: JSON_OBJECT.optional(),
    conditions: z.array(EXPECTED_CONDITION).optional(),
    /** children compared whole (exactly the fields given), not as a subset */
    exact: z.boolean().optional(),
  }),
});

export const VALIDATION_CASE = z.strictObject({
  name: CASE_NAME,
  /** a merge patch over the design's sample CR */
  object: JSON_OBJECT,
  /** an update from this object (a merge patch over the sample): transition rules and ratcheting */
  oldObject: JSON_OBJECT.optional(),
  /** the version to validate at; default the storage version */
  version: z.string().optional(),
  expect: z.strictObject({
    allowed: z.boolean(),
    /** refused: exactly these lines, as the API server words them (`spec.replicas: Invalid value: …`) */
    errors: z.array(z.string()).optional(),
    /** warnings the API server gives (a ratcheted rule): exactly these when given */
    warnings: z.array(z.string()).optional(),
  }),
});

export const DESIGN_TESTS = z.strictObject({
  render: z.array(RENDER_CASE).optional(),
  validation: z.array(VALIDATION_CASE).optional(),
});

export type RenderCase = z.infer<typeof RENDER_CASE>;
export type ValidationCase = z.infer<typeof VALIDATION_CASE>;
export type DesignTests = z.infer<typeof DESIGN_TESTS>;
export type ExpectedCondition = z.infer<typeof EXPECTED_CONDITION>;
