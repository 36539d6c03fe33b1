import { data } from 'react-router';
import type { Route } from './+types/outbox';
import { canShowOutboxPage } from '../../features/email/outbox-page.server.ts';
import { listOutbox } from '../../features/email/outbox.server.ts';
import { getDb } from '../../lib/db.server.ts';

export async function loader({ request }: Route.LoaderArgs) {
  if (!canShowOutboxPage(request)) throw data('Not found', { status: 404 });
  const emails = await listOutbox(getDb());
  return data(
    {
      emails: emails.map(({ attachments, ...email }) => ({
        ...email,
        // Names and types only: the page shows what was attached, the files themselves stay in the row.
        attachments: (attachments ?? []).map((file) => ({ filename: file.filename, contentType: file.contentType })),
        createdAt: email.createdAt.toISOString(),
      })),
    },
    { headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } },
  );
}

export function meta() {
  return [{ title: 'Email outbox (development)' }, { name: 'robots', content: 'noindex' }];
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <h1>Email outbox</h1>
      <p>No SMTP server is configured, so emails are kept here instead of being sent. Set SMTP_URL to send them.</p>
      {loaderData.emails.length === 0 ? <p>No emails yet.</p> : null}
      {loaderData.emails.map((email) => (
        <article key={email.id} className="outbox-email">
          <h2>{email.subject}</h2>
          <p>
            To {email.toAddress} · {new Date(email.createdAt).toLocaleString('en-GB')} · {email.status}
          </p>
          <pre>{email.textBody}</pre>
          {email.attachments.length > 0 ? (
            <ul className="outbox-email__attachments" aria-label="Attachments">
              {email.attachments.map((file) => (
                <li key={file.filename}>
                  Attachment: {file.filename} ({file.contentType})
                </li>
              ))}
            </ul>
          ) : null}
        </article>
      ))}
    </div>
  );
}
