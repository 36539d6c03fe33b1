import { describe, expect, it } from 'vitest';
import {
  bookingTimeOf,
  initialTimeSlots,
  parseBookingTime,
  selectedTimes,
  SLOT_TIMES,
  timeSlotsReducer,
  type TimeSlotAction,
  type TimeSlotState,
} from './time-slots.ts';

const run = (...actions: TimeSlotAction[]): TimeSlotState => actions.reduce(timeSlotsReducer, initialTimeSlots());
const idOf = (time: string) => `slot-${time.replace(':', '')}`;

describe('valuation time slots', () => {
  it('offers eight hourly slots from 9:00 to 16:00, three am and five pm, none selected', () => {
    const state = initialTimeSlots();
    expect(state.slots.map((slot) => slot.time)).toEqual([...SLOT_TIMES]);
    expect(state.slots).toHaveLength(8);
    expect(state.slots.filter((slot) => slot.timeOfDay === 'am').map((slot) => slot.time)).toEqual([
      '9:00',
      '10:00',
      '11:00',
    ]);
    expect(state.slots.filter((slot) => slot.timeOfDay === 'pm')).toHaveLength(5);
    expect(new Set(state.slots.map((slot) => slot.id)).size).toBe(8);
    expect(state.slots.every((slot) => !slot.selected)).toBe(true);
  });

  it("'All am' and 'All pm' select and unselect their groups", () => {
    expect(selectedTimes(run({ type: 'toggle-all-am' }))).toEqual(['9:00', '10:00', '11:00']);
    expect(selectedTimes(run({ type: 'toggle-all-pm' }))).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
    const both = run({ type: 'toggle-all-am' }, { type: 'toggle-all-pm' });
    expect(selectedTimes(both)).toEqual([...SLOT_TIMES]);
    expect(both.isAllAm && both.isAllPm).toBe(true);
    const amOff = timeSlotsReducer(both, { type: 'toggle-all-am' });
    expect(amOff.isAllAm).toBe(false);
    expect(selectedTimes(amOff)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('choosing a single slot clears the group toggles and leaves only that slot', () => {
    const state = run({ type: 'toggle-all-am' }, { type: 'toggle-all-pm' }, { type: 'toggle-slot', id: idOf('14:00') });
    expect(state.isAllAm).toBe(false);
    expect(state.isAllPm).toBe(false);
    expect(selectedTimes(state)).toEqual(['14:00']);
  });

  it('tapping one slot toggles it; a second slot replaces the first (several only via groups)', () => {
    const one = run({ type: 'toggle-slot', id: idOf('10:00') });
    expect(selectedTimes(one)).toEqual(['10:00']);
    expect(selectedTimes(timeSlotsReducer(one, { type: 'toggle-slot', id: idOf('10:00') }))).toEqual([]);
    expect(selectedTimes(timeSlotsReducer(one, { type: 'toggle-slot', id: idOf('15:00') }))).toEqual(['15:00']);
    expect(timeSlotsReducer(one, { type: 'toggle-slot', id: 'nope' })).toBe(one);
  });

  it('a group turned on after a single slot selects the group alone', () => {
    const state = run({ type: 'toggle-slot', id: idOf('15:00') }, { type: 'toggle-all-am' });
    expect(selectedTimes(state)).toEqual(['9:00', '10:00', '11:00']);
  });

  it('changing the date clears every selection and toggle', () => {
    const state = run({ type: 'toggle-all-am' }, { type: 'toggle-all-pm' }, { type: 'change-date' });
    expect(state).toEqual(initialTimeSlots());
    expect(selectedTimes(run({ type: 'toggle-slot', id: idOf('9:00') }, { type: 'change-date' }))).toEqual([]);
  });

  it('writes the booking time as the slot or the groups, and reads it back', () => {
    expect(bookingTimeOf(initialTimeSlots())).toBe('');
    expect(bookingTimeOf(run({ type: 'toggle-slot', id: idOf('9:00') }))).toBe('9:00');
    expect(bookingTimeOf(run({ type: 'toggle-all-pm' }))).toBe('All pm');
    expect(bookingTimeOf(run({ type: 'toggle-all-am' }, { type: 'toggle-all-pm' }))).toBe('All am, All pm');

    expect(parseBookingTime('9:00')).toEqual({ times: ['9:00'], isGroup: false });
    expect(parseBookingTime('09:00')).toEqual({ times: ['9:00'], isGroup: false });
    expect(parseBookingTime('All am')).toEqual({ times: ['9:00', '10:00', '11:00'], isGroup: true });
    expect(parseBookingTime('All am, All pm')?.times).toEqual([...SLOT_TIMES]);
    for (const bad of ['', '8:00', '17:00', '9:30', 'All day', '9:00, 10:00', 'All am, All am', 'All am, 9:00']) {
      expect(parseBookingTime(bad), bad).toBeNull();
    }
  });
});
