/** Step 2: the preferred date and time, slots already booked shown as taken (spec points 4 and 9). */
import type { Dispatch } from 'react';
import { ErrorSummary, TextField } from '../../components/form-fields.tsx';
import { useSchemaFormWithResult } from '../../components/form/use-schema-form.ts';
import type { Branch } from './valuation-client.ts';
import { ALL_AM_LABEL, ALL_PM_LABEL, type TimeSlotAction, type TimeSlotState } from './time-slots.ts';
import {
  addDays,
  BOOKING_WINDOW_DAYS,
  isBookableDate,
  todayInUk,
  valuationAppointmentSchema,
} from './valuation-schema.ts';

/** The summary's link for the time: the first slot button (the slots are buttons, not one input). */
const FIELD_IDS = { booking_time: 'field-booking_time' };

export function AppointmentStep({
  ariaLabel,
  branch,
  date,
  onDateChange,
  slots,
  bookingTime,
  dispatchSlots,
  taken,
  onNext,
  onBack,
  onAppointmentDay,
}: {
  ariaLabel: string;
  branch: Branch | null;
  date: string;
  onDateChange: (date: string) => void;
  slots: TimeSlotState;
  /** The chosen slots as booking_time carries them ('' when none). */
  bookingTime: string;
  dispatchSlots: Dispatch<TimeSlotAction>;
  taken: ReadonlySet<string>;
  onNext: () => void;
  onBack: () => void;
  onAppointmentDay?: (branchId: number, date: string) => void;
}) {
  const form = useSchemaFormWithResult({
    id: 'valuation-appointment',
    schema: valuationAppointmentSchema,
    lastResult: null,
    onValid: async () => onNext(),
  });
  const errorOf = form.errorFor;
  const today = todayInUk();
  const timeError = errorOf('booking_time');
  return (
    <>
      <ErrorSummary errors={form.errors} fieldIds={FIELD_IDS} focusKey={form.focusKey} />
      <form className="valuation-form" method="post" {...form.formProps} aria-label={ariaLabel}>
        <input type="hidden" name="booking_time" value={bookingTime} />
        {branch ? (
          <p className="valuation-branch">
            Your local branch: <strong>{branch.name}</strong>
          </p>
        ) : null}
        <TextField
          name="booking_date"
          label="Preferred date"
          type="date"
          min={today}
          max={addDays(today, BOOKING_WINDOW_DAYS)}
          value={date}
          hint="Choose a day from today onwards."
          onChange={(event) => {
            onDateChange(event.target.value);
            dispatchSlots({ type: 'change-date' });
            if (branch && isBookableDate(event.target.value)) onAppointmentDay?.(branch.id, event.target.value);
          }}
          error={errorOf('booking_date')}
          className="valuation-date"
        />
        <fieldset
          className={`valuation-slots${timeError ? ' valuation-slots--error' : ''}`}
          aria-describedby={timeError ? 'field-booking_time-error' : undefined}
        >
          <legend className="valuation-slots__legend">Preferred time</legend>
          <div className="valuation-slots__groups">
            <button
              type="button"
              id="field-booking_time"
              className="valuation-slot valuation-slot--group"
              aria-pressed={slots.isAllAm}
              onClick={() => dispatchSlots({ type: 'toggle-all-am' })}
            >
              {ALL_AM_LABEL}
            </button>
            <button
              type="button"
              className="valuation-slot valuation-slot--group"
              aria-pressed={slots.isAllPm}
              onClick={() => dispatchSlots({ type: 'toggle-all-pm' })}
            >
              {ALL_PM_LABEL}
            </button>
          </div>
          <div className="valuation-slots__grid">
            {slots.slots.map((slot) => {
              const isTaken = taken.has(slot.time);
              return (
                <button
                  key={slot.id}
                  type="button"
                  className={`valuation-slot${isTaken ? ' valuation-slot--taken' : ''}`}
                  aria-pressed={slot.selected}
                  data-time-of-day={slot.timeOfDay}
                  disabled={isTaken && !slot.selected}
                  onClick={() => dispatchSlots({ type: 'toggle-slot', id: slot.id })}
                >
                  <span className="valuation-slot__time">{slot.time}</span>
                  {isTaken ? <span className="valuation-slot__note"> booked</span> : null}
                </button>
              );
            })}
          </div>
          {timeError ? (
            <p className="form-field__error" id="field-booking_time-error">
              <span className="visually-hidden">Error: </span>
              {timeError}
            </p>
          ) : null}
        </fieldset>
        <div className="valuation-actions">
          <button type="button" className="button" onClick={onBack}>
            Back
          </button>
          <button type="submit" className="button button--primary">
            Next
          </button>
        </div>
      </form>
    </>
  );
}
