// --rate: a worker whose threads all wait may take the generator's next event ahead of its time
// and start it itself when it is due (WorkerDoor.pace), instead of being rung by the generator
// and waking after it. Each event must still start exactly once, at or after its time, and be
// counted as released. One thread plays both parts here, in turn: the protocol's steps.
import { describe, expect, it } from 'vitest';
import { monoNow, RateQueue } from '../../src/runner/rate.js';

/** A queue whose generator started now and stops `endMs` from now, with event 0 due in `inMs`. */
function planned(inMs: number, afterMs = inMs + 5, endMs = 1000): { q: RateQueue; at: number; after: number } {
  const q = new RateQueue({ workers: 2 });
  const now = monoNow();
  q.noteStart(now, now + endMs);
  const at = now + inMs;
  const after = now + afterMs;
  q.plan(0, at, after);
  return { q, at, after };
}

describe('--rate: a worker paces the next event itself', () => {
  it('takes the event, sleeps until it is due, and the generator does not release it again', () => {
    const { q, at } = planned(50);
    const door = q.door(0);
    door.setWaiting(1);
    const took = door.pace(1000);
    expect(took).toBeGreaterThanOrEqual(at);
    expect(q.taken(0)).toBe(true);
    // the generator, waking for the same event, finds it taken: nothing goes into the ring
    expect(q.claim(0)).toBe(false);
    expect(q.length).toBe(0);
    // nor does it sleep for it (a second away here): the event is taken
    q.sleepUntilDue(0, at + 1000);
    expect(monoNow()).toBeLessThan(at + 1000);
    // counted as released, with how late it started
    const timing = q.generatorTiming();
    expect(timing.released).toBe(1);
    expect(timing.lateMaxMs).toBeCloseTo(took - at, 9);
  });

  it('leaves the event to the generator when it released it first', () => {
    const { q, at } = planned(50);
    const door = q.door(0);
    door.setWaiting(1);
    // the generator's release: claimed, queued, the waiting worker rung
    expect(q.claim(0)).toBe(true);
    expect(q.push(at)).toBe(true);
    q.wake();
    expect(door.pace(1000)).toBe(-1);
    expect(q.tryPop()).toBe(at);
  });

  it('is not rung for other events while it paces, and stops when the queue closes', () => {
    const { q, at, after } = planned(300, 400);
    const door = q.door(1);
    door.setWaiting(1);
    expect(q.commitToPace(1000)).toBe(at);
    // a second worker can only take the event after it
    expect(q.commitToPace(1000)).toBe(after);
    expect(q.commitToPace(1000)).toBe(-1);
    expect(q.taken(0) && q.taken(1)).toBe(true);
    q.close();
    expect(door.pace(1000)).toBe(-1);
  });

  it('takes only an event due within its sleep, not overdue, and before the end', () => {
    expect(planned(-0.01).q.commitToPace(20)).toBe(-1);
    expect(planned(300).q.commitToPace(20)).toBe(-1);
    expect(planned(100, 200, 50).q.commitToPace(1000)).toBe(-1);
    const { q, at } = planned(100);
    expect(q.commitToPace(1000)).toBe(at);
  });

  it('paces the event after a taken one before the generator has planned past it', () => {
    const { q, after } = planned(20, 200);
    const door = q.door(0);
    door.setWaiting(1);
    expect(door.pace(1000)).toBeGreaterThan(0);
    door.setWaiting(1);
    const took = door.pace(1000);
    expect(took).toBeGreaterThanOrEqual(after);
    expect(q.taken(1)).toBe(true);
    expect(q.claim(1)).toBe(false);
    expect(q.generatorTiming().released).toBe(2);
  });

  it('is rung as before once it paced: the waiting count it hid is back', () => {
    const { q } = planned(30);
    const door = q.door(0);
    door.setWaiting(1);
    // nothing to pace within its 0.5 ms: it sleeps on the door, still counted as waiting
    expect(door.pace(0.5)).toBe(-1);
    expect(q.claim(0)).toBe(true);
    expect(q.push(monoNow())).toBe(true);
    q.wake();
    // the ring itself, not the queued event, makes it ready
    expect(q.tryPop()).not.toBeNull();
    expect(door.ready()).toBe(true);
  });
});
