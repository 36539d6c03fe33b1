/**
 * The article and page editors' screens: the lists, the form beside a preview of the text as the site will show it,
 * and the history of saved versions with Restore. Everything is a real form post (Preview, Save, Restore), so it
 * works without JavaScript; with JavaScript the preview follows the typing (the server renders it with the site's
 * own Markdown renderer, so what is shown is exactly what will be published).
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useFetcher } from 'react-router';
import { ErrorSummary, fieldId, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import {
  articleFormSchema,
  formatLocalDateTime,
  newPageFormSchema,
  pageFormSchema,
  STATUS_LABELS,
  type ArticleStatus,
} from './article-editor-model.ts';
import type { ArticleListRow, PageListRow, RevisionRow } from './article-editor.server.ts';
import type { UploadedImage } from './article-editor-routes.server.ts';
import './article-editor.css';
import { AdminTable } from '../../components/admin-table.tsx';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** Saved and restored notices after the redirect (a status message, announced without moving focus). */
export function SavedNotice({ notice, what }: { notice: 'saved' | 'restored' | null; what: string }) {
  if (!notice) return null;
  return (
    <p className="admin-notice" role="status">
      {notice === 'restored'
        ? `The earlier version has been restored. The site shows the ${what} now.`
        : `The ${what} has been saved. The site shows the change now.`}
    </p>
  );
}

export function ArticleList({ articles }: { articles: readonly ArticleListRow[] }) {
  return (
    <>
      <p>
        <a className="admin-button" href="/admin/articles/new">
          Write an article
        </a>
      </p>
      {articles.length === 0 ? <p>There are no articles yet.</p> : null}
      <AdminTable
        label="Articles"
        caption="Articles, the most recently changed first"
        columns={['Title', 'Kind', 'Topic', 'Status', 'Publication']}
      >
        {articles.map((article) => (
          <tr key={article.id}>
            <td>
              <a href={`/admin/articles/${article.id}`}>{article.title}</a>
            </td>
            <td>{article.kind === 'news' ? 'News' : 'Blog'}</td>
            <td>{article.topic}</td>
            <td>
              <span className={`article-status article-status--${article.status}`}>
                {STATUS_LABELS[article.status]}
              </span>
            </td>
            <td>{article.status === 'draft' ? '' : formatWhen(article.publishedAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

export function PageList({ pages, deleted }: { pages: readonly PageListRow[]; deleted: string | null }) {
  return (
    <>
      {deleted ? (
        <p className="admin-notice" role="status">
          The page {deleted} has been deleted. Its address now answers “Page not found”.
        </p>
      ) : null}
      <p>
        <a className="admin-button" href="/admin/pages/new">
          New page
        </a>
      </p>
      <AdminTable label="Pages" caption="The site's pages" columns={['Title', 'Address', 'Last changed']}>
        {pages.map((page) => (
          <tr key={page.id}>
            <td>
              <a href={`/admin/pages/${page.id}`}>{page.title}</a>
            </td>
            <td>/{page.slug}</td>
            <td>{formatWhen(page.updatedAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

type PreviewReply = { preview?: string };

/**
 * The preview beside the form. With JavaScript, typing in the text (or pressing Preview) asks the server for the
 * rendered text after a pause; the answer replaces the panel. Without it, Preview posts the form and the page comes
 * back with the panel filled from the post.
 */
function usePreview(formId: string, initialHtml: string) {
  const fetcher = useFetcher<PreviewReply>();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitPreview = () => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const formData = new FormData(form);
    formData.set('intent', 'preview');
    void fetcher.submit(formData, { method: 'post' });
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return {
    html: fetcher.data?.preview ?? initialHtml,
    isUpdating: fetcher.state !== 'idle',
    onInput() {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(submitPreview, 400);
    },
    onPreviewClick(event: MouseEvent<HTMLButtonElement>) {
      event.preventDefault();
      submitPreview();
    },
  };
}

function PreviewPanel({ html, isUpdating }: { html: string; isUpdating: boolean }) {
  return (
    <section className="markdown-preview" aria-labelledby="markdown-preview-title" aria-busy={isUpdating}>
      <h2 id="markdown-preview-title">Preview</h2>
      <div className="prose markdown-preview__body" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

const MARKDOWN_HINT = (
  <>
    Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>- list item</code>,{' '}
    <code>[link text](/address)</code>, <code>![description](/media/…)</code>. HTML is not shown on the site.
  </>
);

export type EditableArticleView = {
  id: number;
  kind: 'news' | 'blog';
  title: string;
  slug: string;
  topic: string;
  topics: string[];
  promo: string;
  bodyMarkdown: string;
  heroImageUrl: string | null;
  seoTitle: string;
  seoDescription: string;
  isPublished: boolean;
  publishedAt: string;
  version: number;
};

function statusNow(article: EditableArticleView | null): ArticleStatus {
  if (!article || !article.isPublished) return 'draft';
  return Date.parse(article.publishedAt) > Date.now() ? 'scheduled' : 'published';
}

export function ArticleEditorForm({
  article,
  initialPreview,
  conflict,
  preview,
}: {
  /** Null for a new article. */
  article: EditableArticleView | null;
  initialPreview: string;
  conflict: string | null;
  /** The rendered text of a Preview post made without JavaScript. */
  preview: string | null;
}) {
  const formId = `article-${article?.id ?? 'new'}`;
  const form = useSchemaForm({ id: formId, schema: articleFormSchema });
  const livePreview = usePreview(formId, preview ?? initialPreview);
  const value = (name: string, saved: string) => form.values[name] ?? saved;
  const errors = conflict ? [{ field: 'form', message: conflict }, ...form.errors] : form.errors;
  const status = statusNow(article);
  const scheduledAt = article && status === 'scheduled' ? formatLocalDateTime(new Date(article.publishedAt)) : '';
  return (
    <>
      <ErrorSummary errors={errors} focusKey={conflict ? -1 : form.focusKey} />
      <div className="content-editor">
        <form method="post" className="content-editor__form" {...form.formProps}>
          <CsrfField />
          {article ? <input type="hidden" name="version" value={article.version} /> : null}
          <TextField
            name="title"
            label="Title"
            autoComplete="off"
            defaultValue={value('title', article?.title ?? '')}
            error={form.errorFor('title')}
          />
          <TextField
            name="slug"
            label="Address"
            hint="The end of the article's address, /articles/… Leave it empty to make one from the title."
            autoComplete="off"
            spellCheck={false}
            defaultValue={value('slug', article?.slug ?? '')}
            error={form.errorFor('slug')}
          />
          <div className="content-editor__row">
            <SelectField
              name="kind"
              label="Kind"
              options={[
                { value: 'news', label: 'News' },
                { value: 'blog', label: 'Blog' },
              ]}
              defaultValue={value('kind', article?.kind ?? 'news')}
              error={form.errorFor('kind')}
            />
            <TextField
              name="topic"
              label="Topic"
              autoComplete="off"
              defaultValue={value('topic', article?.topic ?? '')}
              error={form.errorFor('topic')}
            />
          </div>
          <TextField
            name="topics"
            label="Further topics (optional)"
            hint="Separated by commas. The article is also listed under these."
            autoComplete="off"
            defaultValue={value('topics', article ? article.topics.filter((t) => t !== article.topic).join(', ') : '')}
            error={form.errorFor('topics')}
          />
          <TextAreaField
            name="promo"
            label="Summary"
            hint="Shown on the article cards and in the RSS feed."
            rows={3}
            defaultValue={value('promo', article?.promo ?? '')}
            error={form.errorFor('promo')}
          />
          <TextAreaField
            name="body_markdown"
            label="Text"
            hint={MARKDOWN_HINT}
            rows={18}
            className="content-editor__markdown"
            spellCheck
            defaultValue={value('body_markdown', article?.bodyMarkdown ?? '')}
            error={form.errorFor('body_markdown')}
            onInput={livePreview.onInput}
          />
          <TextField
            name="hero_image_url"
            label="Picture address (optional)"
            hint="Shown on the article’s card and at the top of its page. Upload an image below and choose it, or give the address of an image of this site, starting /media/."
            autoComplete="off"
            spellCheck={false}
            defaultValue={value('hero_image_url', article?.heroImageUrl ?? '')}
            error={form.errorFor('hero_image_url')}
          />
          <fieldset className="content-editor__group">
            <legend>Search engines and sharing</legend>
            <TextField
              name="seo_title"
              label="Title for search engines (optional)"
              hint="Up to 70 characters. Empty: the title."
              autoComplete="off"
              defaultValue={value('seo_title', article?.seoTitle ?? '')}
              error={form.errorFor('seo_title')}
            />
            <TextAreaField
              name="seo_description"
              label="Description for search engines (optional)"
              hint="Up to 160 characters. Empty: the summary."
              rows={2}
              defaultValue={value('seo_description', article?.seoDescription ?? '')}
              error={form.errorFor('seo_description')}
            />
          </fieldset>
          <fieldset className="content-editor__group">
            <legend>Publication</legend>
            <div className="content-editor__row">
              <SelectField
                name="status"
                label="Status"
                options={(['draft', 'published', 'scheduled'] as const).map((option) => ({
                  value: option,
                  label: STATUS_LABELS[option],
                }))}
                defaultValue={value('status', status)}
                error={form.errorFor('status')}
              />
              <TextField
                name="publish_at"
                label="Publish at (for Scheduled, UK time)"
                type="datetime-local"
                autoComplete="off"
                defaultValue={value('publish_at', scheduledAt)}
                error={form.errorFor('publish_at')}
              />
            </div>
          </fieldset>
          <div className="content-editor__actions">
            <button type="submit" className="admin-button" disabled={form.isPending}>
              Save the article
            </button>
            <button
              type="submit"
              name="intent"
              value="preview"
              formNoValidate
              className="admin-button admin-button--secondary"
              onClick={livePreview.onPreviewClick}
            >
              Preview
            </button>
          </div>
        </form>
        <PreviewPanel html={livePreview.html} isUpdating={livePreview.isUpdating} />
      </div>
    </>
  );
}

export type EditablePageView = {
  id: number;
  slug: string;
  title: string;
  bodyMarkdown: string;
  seoTitle: string;
  seoDescription: string;
  version: number;
};

export function PageEditorForm({
  page,
  initialPreview,
  conflict,
  preview,
}: {
  /** Null for a new page, which also chooses its address. */
  page: EditablePageView | null;
  initialPreview: string;
  conflict: string | null;
  preview: string | null;
}) {
  const formId = `page-${page?.id ?? 'new'}`;
  const form = useSchemaForm({ id: formId, schema: page ? pageFormSchema : newPageFormSchema });
  const livePreview = usePreview(formId, preview ?? initialPreview);
  const value = (name: string, saved: string) => form.values[name] ?? saved;
  const errors = conflict ? [{ field: 'form', message: conflict }, ...form.errors] : form.errors;
  return (
    <>
      <ErrorSummary errors={errors} focusKey={conflict ? -1 : form.focusKey} />
      <div className="content-editor">
        <form method="post" className="content-editor__form" {...form.formProps}>
          <CsrfField />
          {page ? <input type="hidden" name="version" value={page.version} /> : null}
          <TextField
            name="title"
            label="Title"
            autoComplete="off"
            defaultValue={value('title', page?.title ?? '')}
            error={form.errorFor('title')}
          />
          {page ? null : (
            <TextField
              name="slug"
              label="Address"
              hint="The page's address on the site, after the /. Leave it empty to make one from the title. It cannot be changed once the page is saved."
              autoComplete="off"
              spellCheck={false}
              defaultValue={value('slug', '')}
              error={form.errorFor('slug')}
            />
          )}
          <TextAreaField
            name="body_markdown"
            label="Text"
            hint={MARKDOWN_HINT}
            rows={22}
            className="content-editor__markdown"
            spellCheck
            defaultValue={value('body_markdown', page?.bodyMarkdown ?? '')}
            error={form.errorFor('body_markdown')}
            onInput={livePreview.onInput}
          />
          <fieldset className="content-editor__group">
            <legend>Search engines and sharing</legend>
            <TextField
              name="seo_title"
              label="Title for search engines (optional)"
              hint="Up to 70 characters. Empty: the title."
              autoComplete="off"
              defaultValue={value('seo_title', page?.seoTitle ?? '')}
              error={form.errorFor('seo_title')}
            />
            <TextAreaField
              name="seo_description"
              label="Description for search engines (optional)"
              hint="Up to 160 characters."
              rows={2}
              defaultValue={value('seo_description', page?.seoDescription ?? '')}
              error={form.errorFor('seo_description')}
            />
          </fieldset>
          <div className="content-editor__actions">
            <button type="submit" className="admin-button" disabled={form.isPending}>
              {page ? 'Save the page' : 'Create the page'}
            </button>
            <button
              type="submit"
              name="intent"
              value="preview"
              formNoValidate
              className="admin-button admin-button--secondary"
              onClick={livePreview.onPreviewClick}
            >
              Preview
            </button>
          </div>
        </form>
        <PreviewPanel html={livePreview.html} isUpdating={livePreview.isUpdating} />
      </div>
    </>
  );
}

/**
 * Deleting a page: a form of its own below the editor, sent with the version the page was read at. While anything
 * links to the page (the site's own forms, the legal footer, a menu) the reason is shown instead of the button; the
 * server checks again when the form is sent.
 */
export function DeletePageForm({ page, refusal }: { page: EditablePageView; refusal: string | null }) {
  return (
    <section aria-labelledby="delete-page-title" className="content-delete">
      <h2 id="delete-page-title">Delete this page</h2>
      {refusal ? (
        <p>{refusal}</p>
      ) : (
        <>
          <p>The address /{page.slug} will answer “Page not found”. Its history goes with it.</p>
          <form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="version" value={page.version} />
            <button type="submit" className="admin-button admin-button--danger">
              Delete the page<span className="visually-hidden"> {page.title}</span>
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** The saved versions, newest first; each but the current one can be restored (a small post form). */
export function RevisionHistory({
  revisions,
  currentVersion,
}: {
  revisions: readonly RevisionRow[];
  currentVersion: number;
}) {
  return (
    <section aria-labelledby="history-title" className="content-history">
      <h2 id="history-title">History</h2>
      {revisions.length === 0 ? (
        <p>No changes have been saved here yet: the first save keeps the text as it is now.</p>
      ) : (
        <AdminTable
          label="Saved versions"
          caption="Saved versions, the newest first"
          columns={['Version', 'Saved', 'By', { hidden: 'Actions' }]}
        >
          {revisions.map((revision) => (
            <tr key={revision.id}>
              <td>{revision.version}</td>
              <td>{formatWhen(revision.savedAt)}</td>
              <td>{revision.authorName ?? 'Original text'}</td>
              <td>
                {revision.version === currentVersion ? (
                  'Current'
                ) : (
                  <form method="post">
                    <CsrfField />
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revision_id" value={revision.id} />
                    <input type="hidden" name="version" value={currentVersion} />
                    <button type="submit" className="admin-button admin-button--secondary">
                      Restore<span className="visually-hidden"> version {revision.version}</span>
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

const IMAGE_UPLOAD_ADDRESS = '/admin/articles/images';

type UploadReply = { error: string | null; images: UploadedImage[] };

/** Puts text into the Markdown field at the caret and tells the form and the preview it changed. */
function insertIntoText(markdown: string): boolean {
  const field = document.getElementById(fieldId('body_markdown'));
  if (!(field instanceof HTMLTextAreaElement)) return false;
  const start = field.selectionStart ?? field.value.length;
  const before = field.value.slice(0, start);
  const spacing = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  field.setRangeText(`${spacing}${markdown}\n\n`, start, field.selectionEnd ?? start, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

/** Puts an uploaded image's address into the article's picture field and moves the focus there. */
function setPictureField(url: string): boolean {
  const field = document.getElementById(fieldId('hero_image_url'));
  if (!(field instanceof HTMLInputElement)) return false;
  field.value = url;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.focus();
  return true;
}

/**
 * Images for the text. The form posts the files (checked by their bytes and stored by the shared staff upload);
 * with JavaScript the answer's Markdown goes into the text at the caret, without it the upload page shows the
 * Markdown to copy. The token comes before the files, as the upload reader requires.
 */
export function ImageUploadForm({
  insertsIntoText = true,
  offersPicture = false,
}: {
  insertsIntoText?: boolean;
  /** On the article editor: each uploaded image can also become the article's picture (its card and page header). */
  offersPicture?: boolean;
}) {
  const fetcher = useFetcher<UploadReply>();
  const [pictureChosen, setPictureChosen] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<UploadReply | null>(null);
  const reply = fetcher.data;
  const markdown = reply ? reply.images.map((image) => image.markdown).join('\n\n') : '';
  useEffect(() => {
    if (!reply || handled.current === reply || reply.error || reply.images.length === 0) return;
    handled.current = reply;
    if (insertsIntoText) insertIntoText(markdown);
    formRef.current?.reset();
  }, [reply, markdown, insertsIntoText]);
  const message =
    fetcher.state !== 'idle'
      ? { text: 'Uploading…', isError: false }
      : !reply
        ? null
        : reply.error || reply.images.length === 0
          ? { text: reply.error ?? 'The images could not be uploaded. Please try again.', isError: true }
          : {
              text: insertsIntoText
                ? `${reply.images.length === 1 ? 'The image is' : `${reply.images.length} images are`} in the text, where the caret was.`
                : `Copy into the text: ${markdown}`,
              isError: false,
            };
  const isSending = fetcher.state !== 'idle';
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    void fetcher.submit(event.currentTarget, {
      method: 'post',
      action: IMAGE_UPLOAD_ADDRESS,
      encType: 'multipart/form-data',
    });
  }
  return (
    <section className="content-images" aria-labelledby="content-images-title">
      <h2 id="content-images-title">Images for the text</h2>
      <form
        ref={formRef}
        method="post"
        action={IMAGE_UPLOAD_ADDRESS}
        encType="multipart/form-data"
        className="content-images__form"
        onSubmit={onSubmit}
      >
        <CsrfField />
        <TextField
          name="alt"
          label="Description of the images"
          hint="Read out to people who cannot see them, like Kitchen with a view of the garden."
          autoComplete="off"
        />
        <div className="form-field">
          <label className="form-field__label" htmlFor="content-image-files">
            Images (JPEG, PNG, WebP or GIF, up to 25 MB each)
          </label>
          <input id="content-image-files" name="images" type="file" accept="image/*" multiple />
        </div>
        <button type="submit" className="admin-button admin-button--secondary" disabled={isSending}>
          Upload images
        </button>
      </form>
      <p className={message?.isError ? 'content-images__error' : 'content-images__status'} role="status">
        {message?.text ?? ''}
      </p>
      {offersPicture && reply && !reply.error && reply.images.length > 0 && fetcher.state === 'idle' ? (
        <ul className="content-images__pictures">
          {reply.images.map((image) => (
            <li key={image.url}>
              <button
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => {
                  if (setPictureField(image.url)) setPictureChosen(image.originalName);
                }}
              >
                Use {image.originalName} as the article’s picture
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {offersPicture ? (
        <p className="content-images__status" role="status">
          {pictureChosen ? `${pictureChosen} is the article’s picture. Save the article to keep it.` : ''}
        </p>
      ) : null}
    </section>
  );
}

/** The upload page's answer without JavaScript: each image's Markdown, to copy into the text. */
export function UploadedImages({ images, error }: { images: readonly UploadedImage[]; error: string | null }) {
  if (error) {
    return (
      <div className="error-summary" role="alert" aria-labelledby="upload-error-title">
        <h2 className="error-summary__title" id="upload-error-title">
          There is a problem
        </h2>
        <p>{error}</p>
      </div>
    );
  }
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="uploaded-title" className="admin-notice">
      <h2 id="uploaded-title">Uploaded</h2>
      <p>
        Copy each line into the text where the image should appear. The address in brackets, starting /media/, can also
        be an article’s picture address.
      </p>
      <ul>
        {images.map((image) => (
          <li key={image.url}>
            <code>{image.markdown}</code> ({image.originalName})
          </li>
        ))}
      </ul>
    </section>
  );
}
