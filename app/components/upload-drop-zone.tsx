/**
 * A staff upload form any editor can use: a plain multipart form (the authenticity token before the file input, as
 * the staff uploads reader needs) that posts without JavaScript; with it, files can also be dropped on the zone and
 * the upload shows its progress (XMLHttpRequest's upload events) and its refusal without leaving the page. The
 * scripted upload goes to `scriptedAction`, which answers JSON: `{ location }` to go to once done, or `{ message }`
 * when the files were refused.
 */
import { useId, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { CsrfField } from './form/form-parts.tsx';
import './upload-drop-zone.css';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; percent: number }
  | { phase: 'processing' }
  | { phase: 'failed'; message: string };

export type UploadDropZoneProps = {
  /** Where the form posts without JavaScript (the page's own action, which shows a refusal on the page). */
  action: string;
  /** Where the scripted upload posts: answers JSON. */
  scriptedAction: string;
  /** The input's name, as the action reads it. */
  name?: string;
  /** The input's id, for an error summary's link to it. */
  inputId?: string;
  /** The `accept` attribute: a hint for the file picker only; the server judges the bytes. */
  accept: string;
  label: string;
  hint: string;
  submitLabel: string;
  /** Hidden fields and choices posted with the files (after the token, before the files). */
  children?: ReactNode;
};

function uploadFailure(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: a proxy's or the server's own error page.
  }
  return xhr.status === 413
    ? 'The files are too large to upload together. Upload fewer at a time.'
    : 'The files could not be uploaded. Try again.';
}

export function UploadDropZone({
  action,
  scriptedAction,
  name = 'files',
  inputId: givenId,
  accept,
  label,
  hint,
  submitLabel,
  children,
}: UploadDropZoneProps) {
  const generatedId = useId();
  const inputId = givenId ?? generatedId;
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [isOver, setIsOver] = useState(false);
  const [chosen, setChosen] = useState(0);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsOver(false);
    if (!input.current || event.dataTransfer.files.length === 0) return;
    input.current.files = event.dataTransfer.files;
    setChosen(event.dataTransfer.files.length);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    if (state.phase === 'sending' || state.phase === 'processing') return;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', scriptedAction);
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (progress) => {
      if (progress.lengthComputable) {
        setState({ phase: 'sending', percent: Math.round((progress.loaded / progress.total) * 100) });
      }
    });
    // Once the bytes are sent the server still checks and stores the images.
    xhr.upload.addEventListener('load', () => setState({ phase: 'processing' }));
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as { location?: unknown };
          if (typeof body.location === 'string' && body.location.startsWith('/')) {
            window.location.assign(body.location);
            return;
          }
        } catch {
          // Fall through to the failure below.
        }
      }
      setState({ phase: 'failed', message: uploadFailure(xhr) });
    });
    xhr.addEventListener('error', () =>
      setState({ phase: 'failed', message: 'The connection failed while uploading. Try again.' }),
    );
    setState({ phase: 'sending', percent: 0 });
    xhr.send(new FormData(event.currentTarget));
  }

  const isBusy = state.phase === 'sending' || state.phase === 'processing';
  return (
    <form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} className="upload-form">
      <CsrfField />
      {children}
      <div
        className={`upload-drop-zone${isOver ? ' upload-drop-zone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId}>{label}</label>
        <p id={hintId} className="upload-drop-zone__hint">
          {hint}
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          name={name}
          multiple
          accept={accept}
          aria-describedby={hintId}
          onChange={(event) => setChosen(event.currentTarget.files?.length ?? 0)}
        />
        {chosen > 0 ? (
          <p className="upload-drop-zone__hint">{chosen === 1 ? '1 file chosen' : `${chosen} files chosen`}</p>
        ) : null}
      </div>
      <button type="submit" className="admin-button" disabled={isBusy}>
        {submitLabel}
      </button>
      <div aria-live="polite">
        {state.phase === 'sending' ? (
          <p>
            <label>
              Uploading: {state.percent}%{' '}
              <progress max={100} value={state.percent}>
                {state.percent}%
              </progress>
            </label>
          </p>
        ) : state.phase === 'processing' ? (
          <p>Uploaded. Checking and storing the files…</p>
        ) : null}
      </div>
      {state.phase === 'failed' ? (
        <p className="upload-drop-zone__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
