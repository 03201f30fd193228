// Running and recent install/uninstall operations. Each step replaces the operation's state and
// publishes it whole on `install:<operationId>`; a subscriber that arrives late (or reconnects
// after a server restart within the same boot) gets the steps so far as the topic's snapshot.
// A client may name the operation itself so it can subscribe before it calls the mutation.
import { randomUUID } from 'node:crypto';
import { ConflictError, InvalidInputError } from '../errors';
import type { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';
import { installTopic, isFamilyTopic, topicKey } from '@opstudio/shared/live/topics';
import type { Topic } from '@opstudio/shared/live/topics';
import type { InstallOperation, InstallStep, InstallStepName } from './types';

export const OPERATION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const KEEP = 200;

export class OperationHandle {
  constructor(
    private op: InstallOperation,
    private readonly save: (op: InstallOperation) => void,
  ) {}

  get id(): string {
    return this.op.id;
  }

  get current(): InstallOperation {
    return this.op;
  }

  describe(patch: Partial<Pick<InstallOperation, 'crdName' | 'designVersion'>>): void {
    this.op = { ...this.op, ...patch };
  }

  step(step: InstallStepName, message: string, state: InstallOperation['state'] = this.op.state): void {
    const entry: InstallStep = { step, at: new Date().toISOString(), message };
    this.op = { ...this.op, state, steps: [...this.op.steps, entry] };
    this.save(this.op);
  }

  succeed(step: InstallStepName, message: string): void {
    this.step(step, message, 'succeeded');
  }

  fail(err: unknown): void {
    if (this.op.state !== 'running') return;
    this.step('failed', err instanceof Error ? err.message : String(err), 'failed');
  }
}

export class InstallOperations {
  private readonly ops = new Map<string, InstallOperation>();

  constructor(private readonly bus: LiveBus) {}

  /** Serve `install:<id>` snapshots to the live subscription. */
  register(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => isFamilyTopic('install', t),
      (t) => this.snapshot(t),
    );
  }

  start(action: InstallOperation['action'], designId: string, requestedId?: string): OperationHandle {
    const id = requestedId ?? `op-${randomUUID()}`;
    if (!OPERATION_ID.test(id))
      throw new InvalidInputError(`operation id "${id.slice(0, 80)}" must be 1-64 letters, digits, ".", "_" or "-"`);
    if (this.ops.has(id)) throw new ConflictError(`operation id "${id}" was used before: pick a fresh one per install`);
    const op: InstallOperation = {
      id,
      action,
      designId,
      designVersion: null,
      crdName: null,
      state: 'running',
      steps: [],
    };
    this.put(op);
    return new OperationHandle(op, (next) => this.put(next, true));
  }

  get(id: string): InstallOperation | undefined {
    return this.ops.get(id);
  }

  private put(op: InstallOperation, publish = false): void {
    this.ops.set(op.id, op);
    while (this.ops.size > KEEP) this.ops.delete(this.ops.keys().next().value!);
    if (publish) this.bus.publish({ topic: installTopic(op.id), type: 'snapshot', operation: op });
  }

  private snapshot(topic: Topic): LiveEvent[] {
    const op = this.ops.get(topicKey('install', topic) ?? '');
    return op === undefined ? [] : [{ topic: installTopic(op.id), type: 'snapshot', operation: op }];
  }
}
