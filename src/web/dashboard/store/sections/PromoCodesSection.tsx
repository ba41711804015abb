// Promo codes (issue 28): the store's codes with percent off, dates, on/off and times used; add,
// edit, deactivate and delete. The form runs the contract's schema first (its messages at once);
// a duplicate code comes back from the server as 409 naming the code. A failed save stays
// written in the section until the next edit (the alert lasts 1.5 s, spec §8).
import { useId, useState } from 'react';
import {
  PROMO_CODE_MESSAGES,
  promoCodeCreate,
  type PromoCodeView,
} from '../../../../contract/promo-codes.js';
import { MESSAGES } from '../../../../domain/messages.js';
import { isApiError } from '../../../lib/api.js';
import { CheckField, TextInput } from '../../components/fields.js';
import { DashboardDialog } from '../../components/DashboardDialog.js';
import { useFlash } from '../../components/Flash.js';
import { useDeletePromoCode, usePromoCodes, useSavePromoCode } from '../promo-queries.js';
import { errorsFrom, type FieldErrors } from '../SettingsSection.js';

interface Draft {
  id: string | null;
  code: string;
  percent: string;
  validFrom: string;
  validUntil: string;
  active: boolean;
}

const FAILED = 'Fail to save promo code';

const blank: Draft = {
  id: null,
  code: '',
  percent: '',
  validFrom: '',
  validUntil: '',
  active: true,
};

const draftOf = (p: PromoCodeView): Draft => ({
  id: p._id,
  code: p.code,
  percent: String(Math.round(p.percentageOff * 100)),
  validFrom: p.validFrom ?? '',
  validUntil: p.validUntil ?? '',
  active: p.active,
});

const dates = (p: PromoCodeView) =>
  p.validFrom || p.validUntil ? `${p.validFrom ?? '…'} to ${p.validUntil ?? '…'}` : 'Always';

export function PromoCodesSection({ merchantId }: { merchantId: string }) {
  const headingId = useId();
  const idBase = useId();
  const list = usePromoCodes(merchantId);
  const save = useSavePromoCode(merchantId);
  const remove = useDeletePromoCode(merchantId);
  const flash = useFlash();
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PromoCodeView | null>(null);

  const setDraft = (next: Draft | null) => {
    setDraftState(next);
    setFailed(null);
  };

  const fail = (error: unknown) => {
    const message = isApiError(error) ? error.message : FAILED;
    const text = isApiError(error, 'conflict')
      ? PROMO_CODE_MESSAGES.duplicate
      : `${FAILED}: ${message}`;
    if (isApiError(error)) setErrors(errorsFrom(error.issues ?? []));
    setFailed(text);
    flash('error', text);
  };

  const onSave = async () => {
    if (!draft) return;
    const body = {
      code: draft.code,
      percentageOff: draft.percent.trim() === '' ? Number.NaN : Number(draft.percent) / 100,
      validFrom: draft.validFrom || null,
      validUntil: draft.validUntil || null,
      active: draft.active,
    };
    const checked = promoCodeCreate.safeParse(body);
    if (!checked.success) {
      setErrors(errorsFrom(checked.error.issues));
      return;
    }
    try {
      await save.mutateAsync({ id: draft.id, body });
      flash('success', draft.id ? MESSAGES.UPDATED : 'Added');
      setDraftState(null);
      setErrors({});
    } catch (error) {
      fail(error);
    }
  };

  const toggle = async (p: PromoCodeView) => {
    try {
      await save.mutateAsync({ id: p._id, body: { active: !p.active } });
      setFailed(null);
      flash('success', MESSAGES.UPDATED);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section className="store-section" aria-labelledby={headingId}>
      <div className="store-section__head">
        <h2 id={headingId}>Promo codes</h2>
        {draft === null ? (
          <button
            type="button"
            className="button store-section__edit"
            onClick={() => {
              setDraft({ ...blank });
              setErrors({});
            }}
          >
            Add code
          </button>
        ) : null}
      </div>
      {failed ? (
        <div className="store-section__failure" data-testid="section-failure">
          <p>{failed}</p>
        </div>
      ) : null}
      {draft ? (
        <form
          className="store-section__form"
          noValidate
          aria-label={draft.id ? `Edit code ${draft.code}` : 'New promo code'}
          onSubmit={(e) => {
            e.preventDefault();
            void onSave();
          }}
        >
          <div className="store-form__grid">
            <TextInput
              id={`${idBase}-code`}
              label="Code"
              value={draft.code}
              onChange={(code) => setDraft({ ...draft, code: code.toUpperCase() })}
              error={errors.code}
              required
            />
            <TextInput
              id={`${idBase}-percent`}
              label="Percent off"
              inputMode="numeric"
              value={draft.percent}
              onChange={(percent) => setDraft({ ...draft, percent })}
              error={errors.percentageOff}
              required
            />
            <div className="dash-field">
              <label htmlFor={`${idBase}-from`}>Starts (optional)</label>
              <input
                id={`${idBase}-from`}
                type="date"
                value={draft.validFrom}
                onChange={(e) => setDraft({ ...draft, validFrom: e.target.value })}
              />
              {errors.validFrom ? <p className="form-error">{errors.validFrom}</p> : null}
            </div>
            <div className="dash-field">
              <label htmlFor={`${idBase}-until`}>Ends (optional)</label>
              <input
                id={`${idBase}-until`}
                type="date"
                value={draft.validUntil}
                onChange={(e) => setDraft({ ...draft, validUntil: e.target.value })}
              />
              {errors.validUntil ? <p className="form-error">{errors.validUntil}</p> : null}
            </div>
          </div>
          <CheckField
            id={`${idBase}-active`}
            label="Active"
            checked={draft.active}
            onChange={(active) => setDraft({ ...draft, active })}
          />
          <div className="store-section__actions">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : list.isError ? (
        <p className="form-error">The promo codes could not be loaded.</p>
      ) : list.data.length === 0 ? (
        <p className="muted">No promo codes yet.</p>
      ) : (
        <div className="store-promo__scroll">
          <table className="store-promo">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Off</th>
                <th scope="col">Dates</th>
                <th scope="col">Status</th>
                <th scope="col">Used</th>
                <th scope="col">
                  <span className="dash-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p._id}>
                  <th scope="row">{p.code}</th>
                  <td>{Math.round(p.percentageOff * 100)}%</td>
                  <td>{dates(p)}</td>
                  <td>{p.active ? 'Active' : 'Off'}</td>
                  <td>{p.timesUsed}</td>
                  <td className="store-promo__actions">
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Edit ${p.code}`}
                      onClick={() => {
                        setDraft(draftOf(p));
                        setErrors({});
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`${p.active ? 'Deactivate' : 'Activate'} ${p.code}`}
                      onClick={() => void toggle(p)}
                    >
                      {p.active ? 'Deactivate' : 'Activate'}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      aria-label={`Delete ${p.code}`}
                      onClick={() => setDeleting(p)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting ? (
        <DashboardDialog
          title="Delete promo code"
          role="alertdialog"
          onClose={() => setDeleting(null)}
        >
          <p>
            Delete {deleting.code}? Diners can no longer use it; placed orders keep their discount.
          </p>
          <div className="dash-dialog__actions">
            <button type="button" className="button" onClick={() => setDeleting(null)} autoFocus>
              Keep it
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                const p = deleting;
                setDeleting(null);
                remove.mutateAsync(p._id).then(
                  () => flash('success', 'Deleted'),
                  (error: unknown) => fail(error),
                );
              }}
            >
              Delete
            </button>
          </div>
        </DashboardDialog>
      ) : null}
    </section>
  );
}
