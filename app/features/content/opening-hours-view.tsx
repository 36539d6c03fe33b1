import type { OpeningDayLine } from './opening-hours.ts';
import './opening-hours.css';

export type OpeningHoursView = {
  isOpenNow: boolean;
  /** Today's weekday name in the branch's time zone, to mark the row. */
  today: string;
  week: OpeningDayLine[];
  exceptions: { date: string; dateText: string; name: string; text: string }[];
};

/** The week's hours with 'Open now' or 'Closed' (worked out on the server in the branch's time zone). */
export function OpeningHoursSection({ hours }: { hours: OpeningHoursView }) {
  return (
    <section aria-labelledby="branch-hours" className="branch-section opening-hours">
      <h2 id="branch-hours">Opening hours</h2>
      <p className={`opening-hours__now${hours.isOpenNow ? ' opening-hours__now--open' : ''}`}>
        {hours.isOpenNow ? 'Open now' : 'Closed'}
      </p>
      <table className="opening-hours__table">
        <caption className="visually-hidden">Opening hours by day</caption>
        <tbody>
          {hours.week.map((line) => (
            <tr key={line.day} aria-current={line.day === hours.today ? 'date' : undefined}>
              <th scope="row">{line.day}</th>
              <td>{line.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hours.exceptions.length > 0 ? (
        <>
          <h3>Bank holidays</h3>
          <ul className="opening-hours__exceptions">
            {hours.exceptions.map((exception) => (
              <li key={exception.date}>
                <time dateTime={exception.date}>{exception.dateText}</time>
                {` (${exception.name}): ${exception.text}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
