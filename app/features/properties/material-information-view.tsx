import { useState } from 'react';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { NOT_YET_KNOWN, type FactGroup, type KeyFact } from './material-information.ts';
import type { PriceHistoryLine } from './price-history.ts';

/** Type, rooms, area, tenure, council tax and EPC (or the lettings terms) in one glance under the price. */
export function KeyFactsList({ facts }: { facts: KeyFact[] }) {
  return (
    <dl className="key-facts" aria-label="Key facts">
      {facts.map((fact) => (
        <div key={fact.key} className="key-facts__item">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Parts A and B always list every item (a value or 'Not yet known — ask us' with the reason); Part C where it applies. */
export function MaterialInformationSection({ groups }: { groups: FactGroup[] }) {
  return (
    <section className="property-section material-information" aria-labelledby="material-title">
      <h2 id="material-title">Material information</h2>
      {groups.map((group) => (
        <div key={group.id} className="material-information__group" data-group={group.id}>
          <h3 id={`material-${group.id}`}>{group.title}</h3>
          <dl className="material-information__list" aria-labelledby={`material-${group.id}`}>
            {group.rows.map((row) => (
              <div key={row.key} data-fact={row.key}>
                <dt>{row.label}</dt>
                <dd>
                  {row.value ?? (
                    <>
                      <span className="material-information__unknown">{NOT_YET_KNOWN}</span>
                      {row.reason ? <span className="material-information__reason">{` (${row.reason})`}</span> : null}
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

export function PriceHistorySection({
  priceLines,
  statusLines,
}: {
  priceLines: PriceHistoryLine[];
  statusLines: PriceHistoryLine[];
}) {
  if (priceLines.length === 0 && statusLines.length === 0) return null;
  return (
    <section className="property-section price-history" aria-labelledby="history-title">
      <h2 id="history-title">Price and status history</h2>
      <div className="price-history__columns">
        {priceLines.length > 0 ? (
          <div>
            <h3>Asking price</h3>
            <ul>
              {priceLines.map((line, index) => (
                <li key={`${line.date}-${index}`}>
                  <time dateTime={line.date}>{line.dateText}</time>
                  {`: ${line.text}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {statusLines.length > 0 ? (
          <div>
            <h3>Status</h3>
            <ul>
              {statusLines.map((line, index) => (
                <li key={`${line.date}-${index}`}>
                  <time dateTime={line.date}>{line.dateText}</time>
                  {`: ${line.text}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function hasWebShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser's own share sheet where it has one; otherwise copy the link, email it or send it on WhatsApp.
 * Plain links and one button: no third-party script is loaded.
 */
export function ShareControl({ url, title }: { url: string; title: string }) {
  const isHydrated = useIsHydrated();
  const [status, setStatus] = useState('');
  const canShare = isHydrated && hasWebShare();
  const text = `${title} ${url}`;
  return (
    <div className="share-control">
      <h2 className="share-control__title">Share this property</h2>
      <ul className="share-control__options">
        {canShare ? (
          <li>
            <button
              type="button"
              className="button"
              onClick={() => {
                navigator.share({ title, url }).catch(() => undefined);
              }}
            >
              Share
            </button>
          </li>
        ) : (
          <>
            <li>
              <button
                type="button"
                className="button"
                disabled={!isHydrated}
                onClick={async () => {
                  setStatus((await copyText(url)) ? 'Link copied' : `Copy this link: ${url}`);
                }}
              >
                Copy link
              </button>
            </li>
            <li>
              <a
                className="button"
                href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}`}
              >
                Email
              </a>
            </li>
            <li>
              <a
                className="button"
                href={`https://wa.me/?text=${encodeURIComponent(text)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                WhatsApp
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </>
        )}
      </ul>
      <p className="share-control__status" role="status">
        {status}
      </p>
    </div>
  );
}
