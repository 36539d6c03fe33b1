import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionQueue, type Admission } from './admission.ts';

function queue(overrides: Partial<ConstructorParameters<typeof AdmissionQueue>[0]> = {}) {
  return new AdmissionQueue({
    maxActive: 1,
    maxWaitMs: 1000,
    maxQueued: 100,
    maxQueuedPerConnection: 100,
    ...overrides,
  });
}

function release(admission: Admission): void {
  if (!('release' in admission)) throw new Error(`refused: ${admission.refused}`);
  admission.release();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('admission queue', () => {
  it('admits at once while there is room, then serves the waiting first come first served', async () => {
    const admission = queue({ maxActive: 2 });
    const order: string[] = [];
    const first = await admission.admit({});
    const second = await admission.admit({});
    const waiting = ['read', 'write', 'read again'].map((name) =>
      admission.admit({}).then((turn) => {
        order.push(name);
        return turn;
      }),
    );
    expect(admission.queuedCount).toBe(3);
    release(first);
    release(second);
    const turns = await Promise.all(waiting.slice(0, 2));
    expect(order).toEqual(['read', 'write']);
    turns.forEach(release);
    release(await waiting[2]!);
    expect(order).toEqual(['read', 'write', 'read again']);
    expect(admission.activeCount).toBe(0);
  });

  it('serves connections in turn: one pipelining connection does not starve the others', async () => {
    const admission = queue();
    const pipelining = {};
    const order: string[] = [];
    const holder = await admission.admit({});
    const waiting = [
      ...Array.from({ length: 5 }, (_, index) => ({ connection: pipelining, name: `pipelined ${index}` })),
      { connection: {}, name: 'visitor a' },
      { connection: {}, name: 'visitor b' },
    ].map(({ connection, name }) =>
      admission.admit(connection).then((turn) => {
        order.push(name);
        release(turn);
      }),
    );
    release(holder);
    await Promise.all(waiting);
    expect(order.slice(0, 4)).toEqual(['pipelined 0', 'visitor a', 'visitor b', 'pipelined 1']);
  });

  it('turns away a connection past its own limit of waiting requests, not anyone else', async () => {
    const admission = queue({ maxQueuedPerConnection: 2 });
    const greedy = {};
    const holder = await admission.admit({});
    const served: string[] = [];
    const take = (name: string, turn: Promise<Admission>) =>
      turn.then((admitted) => {
        served.push(name);
        release(admitted);
      });
    const kept = [take('greedy 0', admission.admit(greedy)), take('greedy 1', admission.admit(greedy))];
    expect(await admission.admit(greedy)).toEqual({ refused: 'overloaded' });
    const other = take('other', admission.admit({}));
    release(holder);
    await Promise.all([...kept, other]);
    expect(served).toEqual(['greedy 0', 'other', 'greedy 1']);
  });

  it('turns a request away with "overloaded" once it has waited maxWaitMs', async () => {
    vi.useFakeTimers();
    const admission = queue({ maxWaitMs: 500 });
    const holder = await admission.admit({});
    const waiting = admission.admit({});
    await vi.advanceTimersByTimeAsync(501);
    expect(await waiting).toEqual({ refused: 'overloaded' });
    expect(admission.queuedCount).toBe(0);
    release(holder);
  });

  it('turns a request away at once when the line is predicted to take longer than maxWaitMs', async () => {
    vi.useFakeTimers();
    const admission = queue({ maxWaitMs: 500 });
    // One request that held its turn for 300 ms teaches the queue how long a turn takes.
    const slow = await admission.admit({});
    await vi.advanceTimersByTimeAsync(300);
    release(slow);
    const holder = await admission.admit({});
    const second = admission.admit({});
    // Two ahead at 300 ms a turn: 600 ms > 500 ms.
    expect(await admission.admit({})).toEqual({ refused: 'overloaded' });
    release(holder);
    release(await second);
  });

  it('turns away new requests once maxQueued are waiting', async () => {
    const admission = queue({ maxQueued: 2 });
    const holder = await admission.admit({});
    const waiting = [admission.admit({}), admission.admit({})];
    expect(await admission.admit({})).toEqual({ refused: 'overloaded' });
    release(holder);
    for (const turn of waiting) release(await turn);
  });

  it('drops a waiting request whose client went away, and gives its turn to the next', async () => {
    const admission = queue();
    const holder = await admission.admit({});
    const gone = new AbortController();
    const leaving = admission.admit({}, gone.signal);
    const staying = admission.admit({});
    gone.abort();
    expect(await leaving).toEqual({ refused: 'client closed' });
    release(holder);
    release(await staying);
    expect(admission.activeCount).toBe(0);
    expect(await admission.admit({}, gone.signal)).toEqual({ refused: 'client closed' });
  });

  it('counts a release once even when called twice', async () => {
    const admission = queue({ maxActive: 1 });
    const turn = await admission.admit({});
    release(turn);
    release(turn);
    expect(admission.activeCount).toBe(0);
  });
});
