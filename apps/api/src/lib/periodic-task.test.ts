import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from './periodic-task';

/** A run the test ends by hand, with what it saw. */
interface Run {
  signal: AbortSignal;
  finish: (value?: number) => void;
  fail: (error: Error) => void;
}

/** A task whose runs wait for the test; tracks how many ran and the most that ran at once. */
function harness(options: { intervalMs: number; firstDelayMs?: number }) {
  const runs: Run[] = [];
  let running = 0;
  let maxRunning = 0;
  const log = { error: vi.fn() };
  const task = new PeriodicTask<number>({
    run: (signal) =>
      new Promise<number>((resolve, reject) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        const done = () => {
          running -= 1;
        };
        runs.push({
          signal,
          finish: (value = runs.length) => {
            done();
            resolve(value);
          },
          fail: (error) => {
            done();
            reject(error);
          },
        });
      }),
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs ?? 0,
    log,
    failureMessage: 'falló la tarea',
  });
  return { task, runs, log, maxRunning: () => maxRunning, running: () => running };
}

/** Lets pending promise callbacks run without moving the clock. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

describe('PeriodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after firstDelayMs, then every intervalMs after each run ends', async () => {
    const t = harness({ intervalMs: 1000, firstDelayMs: 300 });
    t.task.start();
    await vi.advanceTimersByTimeAsync(299);
    expect(t.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.runs).toHaveLength(1);

    // The interval counts from the end of the run, not its start.
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.runs).toHaveLength(1);
    t.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(t.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.runs).toHaveLength(2);
    t.runs[1]!.finish();
    await t.task.stop();
  });

  it('never runs twice at once: runNow waits for the run in progress', async () => {
    const t = harness({ intervalMs: 1000 });
    t.task.start();
    await settle();
    expect(t.runs).toHaveLength(1);

    const first = t.task.runNow();
    const second = t.task.runNow();
    t.task.wake();
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.runs).toHaveLength(1);

    t.runs[0]!.finish();
    await settle();
    expect(t.runs).toHaveLength(2);
    t.runs[1]!.finish(20);
    await settle();
    expect(t.runs).toHaveLength(3);
    t.runs[2]!.finish(30);
    expect([await first, await second].sort()).toEqual([20, 30]);

    // The wake made during the first run comes next, on its own.
    await settle();
    expect(t.runs).toHaveLength(4);
    t.runs[3]!.finish();
    await settle();
    expect(t.runs).toHaveLength(4);
    expect(t.maxRunning()).toBe(1);
    await t.task.stop();
  });

  it('runs now when woken between runs', async () => {
    const t = harness({ intervalMs: 60_000 });
    t.task.start();
    await settle();
    t.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.runs).toHaveLength(1);

    t.task.wake();
    await settle();
    expect(t.runs).toHaveLength(2);
    t.runs[1]!.finish();
    await t.task.stop();
  });

  it('reruns once right after the run in progress when woken during it, however many wakes', async () => {
    const t = harness({ intervalMs: 60_000 });
    t.task.start();
    await settle();
    expect(t.runs).toHaveLength(1);

    t.task.wake();
    t.task.wake();
    t.task.wake();
    await settle();
    expect(t.runs).toHaveLength(1);
    t.runs[0]!.finish();
    await settle();
    expect(t.runs).toHaveLength(2);

    // Then back to the interval.
    t.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(t.runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.runs).toHaveLength(3);
    expect(t.maxRunning()).toBe(1);
    t.runs[2]!.finish();
    await t.task.stop();
  });

  it('reruns right after a runNow when woken during it', async () => {
    const t = harness({ intervalMs: 60_000, firstDelayMs: 60_000 });
    t.task.start();
    const manual = t.task.runNow();
    expect(t.runs).toHaveLength(1);
    t.task.wake();
    t.runs[0]!.finish(7);
    expect(await manual).toBe(7);
    await settle();
    expect(t.runs).toHaveLength(2);
    t.runs[1]!.finish();
    await t.task.stop();
  });

  it('stop aborts the signal, waits for the run in progress, and no run starts after it', async () => {
    const t = harness({ intervalMs: 1000 });
    t.task.start();
    await settle();
    expect(t.runs).toHaveLength(1);
    t.task.wake();

    let stopped = false;
    const stopping = t.task.stop().then(() => {
      stopped = true;
    });
    expect(t.runs[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);

    t.runs[0]!.finish();
    await stopping;
    expect(t.running()).toBe(0);

    t.task.wake();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.runs).toHaveLength(1);
  });

  it('stop also waits for a run that was queued behind the one in progress', async () => {
    const t = harness({ intervalMs: 1000 });
    const first = t.task.runNow();
    const second = t.task.runNow();
    let stopped = false;
    const stopping = t.task.stop().then(() => {
      stopped = true;
    });
    t.runs[0]!.finish();
    await settle();
    // The queued run started (with the aborted signal, so it can end at once) before stop returned.
    expect(t.runs).toHaveLength(2);
    expect(t.runs[1]!.signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    t.runs[1]!.finish();
    await stopping;
    await Promise.all([first, second]);
  });

  it('a background run waiting behind a runNow does not start once stopped', async () => {
    const t = harness({ intervalMs: 1000, firstDelayMs: 100 });
    t.task.start();
    const manual = t.task.runNow();
    await vi.advanceTimersByTimeAsync(100);
    const stopping = t.task.stop();
    t.runs[0]!.finish();
    await manual;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.runs).toHaveLength(1);
    await stopping;
  });

  it('starts again after a stop with a fresh signal', async () => {
    const t = harness({ intervalMs: 1000 });
    t.task.start();
    await settle();
    t.runs[0]!.finish();
    await t.task.stop();
    t.task.start();
    await settle();
    expect(t.runs).toHaveLength(2);
    expect(t.runs[1]!.signal.aborted).toBe(false);
    t.runs[1]!.finish();
    await t.task.stop();
  });

  it('logs a failed background run and goes on with the loop', async () => {
    const t = harness({ intervalMs: 1000 });
    t.task.start();
    await settle();
    const error = new Error('boom');
    t.runs[0]!.fail(error);
    await settle();
    expect(t.log.error).toHaveBeenCalledTimes(1);
    expect(t.log.error).toHaveBeenCalledWith({ err: error }, 'falló la tarea');

    await vi.advanceTimersByTimeAsync(1000);
    expect(t.runs).toHaveLength(2);
    t.runs[1]!.finish();
    await t.task.stop();
  });

  it('runNow rejects with the error of its run, leaves the logging to the caller, and runs again', async () => {
    const t = harness({ intervalMs: 0 });
    const failing = t.task.runNow();
    t.runs[0]!.fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(t.log.error).not.toHaveBeenCalled();

    const next = t.task.runNow();
    t.runs[1]!.finish(5);
    expect(await next).toBe(5);
  });

  it('turns a run that throws synchronously into a logged failure', async () => {
    const log = { error: vi.fn() };
    let calls = 0;
    const task = new PeriodicTask<number>({
      run: () => {
        calls += 1;
        throw new Error('sync');
      },
      intervalMs: 1000,
      firstDelayMs: 0,
      log,
      failureMessage: 'falló la tarea',
    });
    await expect(task.runNow()).rejects.toThrow('sync');
    task.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    expect(log.error).toHaveBeenCalledTimes(2);
    await task.stop();
  });

  it('has no loop when intervalMs is 0: start and wake do nothing, runNow still runs', async () => {
    const t = harness({ intervalMs: 0 });
    t.task.start();
    t.task.wake();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.runs).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);

    const once = t.task.runNow();
    t.runs[0]!.finish(3);
    expect(await once).toBe(3);
    await t.task.stop();
  });

  it('keeps its timers from holding the process open', async () => {
    vi.useRealTimers();
    const task = new PeriodicTask<number>({
      run: () => Promise.resolve(0),
      intervalMs: 60_000,
      firstDelayMs: 60_000,
      log: { error: vi.fn() },
      failureMessage: 'falló la tarea',
    });
    const spy = vi.spyOn(globalThis, 'setTimeout');
    try {
      task.start();
      const timer = spy.mock.results[0]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      spy.mockRestore();
      await task.stop();
    }
  });
});
