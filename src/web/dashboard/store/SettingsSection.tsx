// One section of the Store pane (spec §2): a read view with Edit, an edit view with Save and
// Cancel. Cancel always asks "Are you sure? Changes will not be saved." (checklist S2.90). Save
// checks the draft with the section's own rules first (the contract's schemas, so the spec's
// messages show at once), then sends it; a refused save keeps the edit view open with the
// server's field messages and shows the section's save-failure alert (spec §8) for 1.5 s; the
// failure also stays written beside the section's title until the next edit (issue 28), and a
// save that another one overtook says so, with Reload (optimistic concurrency, settingsVersion).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SETTINGS_CHANGED_ELSEWHERE } from '../../../contract/store-settings.js';
import { MESSAGES, type SaveFailure } from '../../../domain/messages.js';
import { isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { failureText } from '../menu/alerts.js';
import { ordersKeys } from '../orders/queries.js';
import { MissingMerchantIdError } from './queries.js';

export const UNSAVED_CHANGES = 'Are you sure? Changes will not be saved.';

/** Field messages by path ("phone", "monday.0.close"); "" is the section's own message. */
export type FieldErrors = Record<string, string>;

export function errorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: FieldErrors = {};
  for (const issue of issues) {
    // The API names body fields from the request ("body.phone"); the pane from the body.
    const path = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    out[path.map(String).join('.')] ??= issue.message;
  }
  return out;
}

/** What a section's save says: null when saved, else the messages to show. */
export type SaveOutcome = FieldErrors | null;

export interface EditProps<D> {
  draft: D;
  setDraft: (next: D) => void;
  errors: FieldErrors;
  /** Prefix for the section's input ids. */
  idBase: string;
}

export function SettingsSection<D>({
  title,
  failure,
  read,
  initial,
  edit,
  save,
  editable = true,
}: {
  title: string;
  failure: SaveFailure;
  read: ReactNode;
  /** The draft the edit view starts from (the saved values). */
  initial: () => D;
  edit: (props: EditProps<D>) => ReactNode;
  /** Checks and saves; throws what the API threw, or answers the messages of a local check. */
  save: (draft: D) => Promise<SaveOutcome>;
  editable?: boolean;
}) {
  const headingId = useId();
  const idBase = useId();
  const flash = useFlash();
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // What the last save failed with, kept until the next edit (the alert lasts 1.5 s).
  const [failed, setFailed] = useState<{ text: string; stale: boolean } | null>(null);
  const client = useQueryClient();
  // Keyboard users keep their place: Edit moves the focus to the form's first field, and leaving
  // the edit view (saved or cancelled) moves it back to Edit, instead of losing it to the page.
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const editing = draft !== null;
  useEffect(() => {
    if (editing && !wasEditing.current) {
      formRef.current
        ?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button')
        ?.focus();
    } else if (!editing && wasEditing.current) {
      editRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);

  const close = () => {
    setDraft(null);
    setErrors({});
    setConfirming(false);
  };

  const edited = (next: D) => {
    setDraft(next);
    setFailed(null);
  };

  /** Reads the settings again and leaves the edit view: the other save is what now shows. */
  const reload = () => {
    setFailed(null);
    close();
    void client.invalidateQueries({ queryKey: ordersKeys.settings('').slice(0, 1) });
  };

  const onSave = async () => {
    if (draft === null || saving) return;
    setSaving(true);
    try {
      const outcome = await save(draft);
      if (outcome) {
        setErrors(outcome);
        return;
      }
      setFailed(null);
      flash('success', MESSAGES.UPDATED);
      close();
    } catch (error) {
      const api = isApiError(error) ? error : null;
      const stale = api?.code === 'conflict';
      setErrors(api && !stale ? errorsFrom(api.issues ?? []) : {});
      const text =
        error instanceof MissingMerchantIdError ? MESSAGES.INTERNAL_ERROR : failureText(failure);
      flash('error', stale ? SETTINGS_CHANGED_ELSEWHERE : text);
      setFailed({ text: stale ? SETTINGS_CHANGED_ELSEWHERE : text, stale });
    } finally {
      setSaving(false);
    }
  };

  const sectionError = errors[''];
  return (
    <section className="store-section" aria-labelledby={headingId}>
      <div className="store-section__head">
        <h2 id={headingId}>{title}</h2>
        {draft === null && editable ? (
          <button
            ref={editRef}
            type="button"
            className="button store-section__edit"
            aria-label={`Edit ${title}`}
            onClick={() => {
              setDraft(initial());
              setErrors({});
              setFailed(null);
            }}
          >
            Edit
          </button>
        ) : null}
      </div>
      {failed ? (
        <div className="store-section__failure" data-testid="section-failure">
          <p>{failed.text}</p>
          {failed.stale ? (
            <button type="button" className="button" onClick={reload}>
              Reload
            </button>
          ) : null}
        </div>
      ) : null}
      {draft === null ? (
        <div className="store-section__read">{read}</div>
      ) : (
        <form
          ref={formRef}
          className="store-section__form"
          noValidate
          aria-labelledby={headingId}
          onSubmit={(e) => {
            e.preventDefault();
            void onSave();
          }}
        >
          {edit({ draft, setDraft: edited, errors, idBase })}
          {sectionError ? (
            <p className="form-error" role="alert">
              {sectionError}
            </p>
          ) : null}
          <div className="store-section__actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="button"
              disabled={saving}
              onClick={() => setConfirming(true)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {confirming ? (
        <DashboardDialog
          title="Unsaved changes"
          role="alertdialog"
          onClose={() => setConfirming(false)}
        >
          <p>{UNSAVED_CHANGES}</p>
          <div className="dash-dialog__actions">
            <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
              Keep editing
            </button>
            <button type="button" className="button button--danger" onClick={close}>
              Discard changes
            </button>
          </div>
        </DashboardDialog>
      ) : null}
    </section>
  );
}
