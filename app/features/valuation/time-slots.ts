/**
 * Valuation time slots (spec points 3, 4 and 9): eight hourly slots, 9:00 to 16:00; 9:00-11:00 are 'am',
 * 12:00-16:00 'pm'. 'All am' and 'All pm' select a group; choosing a single slot clears the group toggles;
 * changing the date clears every selection; tapping a slot toggles it, and only the groups select several.
 */
type TimeOfDay = 'am' | 'pm';

type TimeSlot = { id: string; time: string; timeOfDay: TimeOfDay; selected: boolean };

export const SLOT_TIMES = ['9:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'] as const;
export type SlotTime = (typeof SLOT_TIMES)[number];

export const ALL_AM_LABEL = 'All am';
export const ALL_PM_LABEL = 'All pm';

function timeOfDayOf(time: string): TimeOfDay {
  return Number.parseInt(time, 10) < 12 ? 'am' : 'pm';
}

export function isSlotTime(value: string): value is SlotTime {
  return (SLOT_TIMES as readonly string[]).includes(value);
}

export type TimeSlotState = { slots: TimeSlot[]; isAllAm: boolean; isAllPm: boolean };

export function initialTimeSlots(): TimeSlotState {
  return {
    slots: SLOT_TIMES.map((time) => ({
      id: `slot-${time.replace(':', '')}`,
      time,
      timeOfDay: timeOfDayOf(time),
      selected: false,
    })),
    isAllAm: false,
    isAllPm: false,
  };
}

export type TimeSlotAction =
  { type: 'toggle-all-am' } | { type: 'toggle-all-pm' } | { type: 'toggle-slot'; id: string } | { type: 'change-date' };

function withGroup(state: TimeSlotState, timeOfDay: TimeOfDay, isOn: boolean): TimeSlotState {
  // Turning a group on after a single slot was chosen starts from the groups alone (several only via groups).
  const isAllAm = timeOfDay === 'am' ? isOn : state.isAllAm;
  const isAllPm = timeOfDay === 'pm' ? isOn : state.isAllPm;
  return {
    isAllAm,
    isAllPm,
    slots: state.slots.map((slot) => ({
      ...slot,
      selected: slot.timeOfDay === 'am' ? isAllAm : isAllPm,
    })),
  };
}

export function timeSlotsReducer(state: TimeSlotState, action: TimeSlotAction): TimeSlotState {
  switch (action.type) {
    case 'toggle-all-am':
      return withGroup(state, 'am', !state.isAllAm);
    case 'toggle-all-pm':
      return withGroup(state, 'pm', !state.isAllPm);
    case 'toggle-slot': {
      const target = state.slots.find((slot) => slot.id === action.id);
      if (!target) return state;
      const selectedCount = state.slots.filter((slot) => slot.selected).length;
      // A slot that is the only one chosen is unchosen; otherwise it becomes the only one chosen.
      const isOnlyChoice = target.selected && selectedCount === 1 && !state.isAllAm && !state.isAllPm;
      return {
        isAllAm: false,
        isAllPm: false,
        slots: state.slots.map((slot) => ({ ...slot, selected: slot.id === action.id ? !isOnlyChoice : false })),
      };
    }
    case 'change-date':
      return initialTimeSlots();
  }
}

export function selectedTimes(state: TimeSlotState): SlotTime[] {
  return state.slots.filter((slot) => slot.selected).map((slot) => slot.time as SlotTime);
}

/**
 * The lead_booking[booking_time] text: 'All am', 'All pm', 'All am, All pm' for groups, or the single time.
 * Staff read it in the email, and the server parses it back with `parseBookingTime`.
 */
export function bookingTimeOf(state: TimeSlotState): string {
  if (state.isAllAm || state.isAllPm) {
    return [state.isAllAm ? ALL_AM_LABEL : null, state.isAllPm ? ALL_PM_LABEL : null].filter(Boolean).join(', ');
  }
  return selectedTimes(state)[0] ?? '';
}

export type ParsedBookingTime = { times: SlotTime[]; isGroup: boolean };

/** Reads a booking_time back into slots; null when it names anything but the eight slots or the two groups. */
export function parseBookingTime(value: string): ParsedBookingTime | null {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length > 2) return null;
  const groups = new Set<TimeOfDay>();
  for (const part of parts) {
    if (part.toLowerCase() === ALL_AM_LABEL.toLowerCase()) groups.add('am');
    else if (part.toLowerCase() === ALL_PM_LABEL.toLowerCase()) groups.add('pm');
    else if (parts.length === 1 && isSlotTime(normaliseTime(part))) {
      return { times: [normaliseTime(part) as SlotTime], isGroup: false };
    } else return null;
  }
  if (groups.size !== parts.length) return null;
  return { times: SLOT_TIMES.filter((time) => groups.has(timeOfDayOf(time))), isGroup: true };
}

/** '09:00' and '9:00' name the same slot. */
function normaliseTime(value: string): string {
  return value.replace(/^0(\d):/, '$1:');
}
