// Test support: which timers are still pending? `process.getActiveResourcesInfo()` does not list
// unref'd timers (every timer of the informers is unref'd), so this wraps the global timer
// functions while a test runs and remembers where each pending timer was made.
type AnyFn = (...args: unknown[]) => void;

export interface TimerTracker {
  /** Stacks of the timers made since `trackTimers()` that have neither fired (timeouts) nor been cleared. */
  pending(): string[];
  restore(): void;
}

export function trackTimers(): TimerTracker {
  const live = new Map<unknown, string>();
  const original = { setTimeout, setInterval, clearTimeout, clearInterval };
  const stack = () => (new Error().stack ?? '').split('\n').slice(2, 7).join('\n');
  globalThis.setTimeout = ((fn: AnyFn, ms?: number, ...args: unknown[]) => {
    const handle = original.setTimeout(
      (...a: unknown[]) => {
        live.delete(handle);
        fn(...a);
      },
      ms,
      ...args,
    );
    live.set(handle, stack());
    return handle;
  }) as typeof setTimeout;
  globalThis.setInterval = ((fn: AnyFn, ms?: number, ...args: unknown[]) => {
    const handle = original.setInterval(fn, ms, ...args);
    live.set(handle, stack());
    return handle;
  }) as typeof setInterval;
  globalThis.clearTimeout = (handle?: NodeJS.Timeout | string | number) => {
    live.delete(handle);
    original.clearTimeout(handle);
  };
  globalThis.clearInterval = (handle?: NodeJS.Timeout | string | number) => {
    live.delete(handle);
    original.clearInterval(handle);
  };
  return {
    pending: () => [...live.values()],
    restore: () => Object.assign(globalThis, original),
  };
}
