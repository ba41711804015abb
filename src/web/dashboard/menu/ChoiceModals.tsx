// The size, option and option-value add modals (spec §2, §5): each form is checked by its route's
// own schema before anything is sent (checklist V5.80–V5.82, V5.84–V5.86: names required, prices
// and counts numeric and at most 99999), then sent; the item editor stores what the server answers.
import { useState } from 'react';
import { optionAddBody, optionValueAddBody, sizeAddBody } from '../../../contract/menu-writes.js';
import { isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { apiIssuesByField, CheckField, issuesByField, TextInput } from '../components/fields.js';
import type { OptionAddBody, OptionValueAddBody, SizeAddBody } from './queries.js';

const PRICE_HINT = 'In dollars, e.g. 2.50; at most 99999.';
const COUNT_HINT = 'A whole number, at most 99999; empty for none.';

/** Sends the body; a refusal naming fields shows on them, anything else is the editor's to handle. */
type Submit<B> = (body: B) => Promise<void>;

function useSubmit<B>(submit: Submit<B>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (body: B, check: { success: boolean; error?: unknown }) => {
    if (!check.success) {
      setErrors(issuesByField(check.error as Parameters<typeof issuesByField>[0]));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await submit(body);
    } catch (error) {
      setBusy(false);
      if (isApiError(error, 'invalid_input') && error.issues.length) {
        setErrors(apiIssuesByField(error.issues));
      }
    }
  };
  return { errors, busy, run };
}

function Actions({ busy, onClose, label }: { busy: boolean; onClose: () => void; label: string }) {
  return (
    <div className="dash-dialog__actions">
      <button type="button" className="button" onClick={onClose} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Adding…' : label}
      </button>
    </div>
  );
}

export function SizeAddModal({
  onSubmit,
  onClose,
}: {
  onSubmit: Submit<SizeAddBody>;
  onClose: () => void;
}) {
  const [form, setForm] = useState({ name: '', name_2nd: '', price: '' });
  const { errors, busy, run } = useSubmit(onSubmit);
  return (
    <DashboardDialog title="Add size" onClose={onClose} dismissable={!busy}>
      <form
        className="menu-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(form, sizeAddBody.safeParse(form));
        }}
      >
        <TextInput
          id="size-name"
          label="Size name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          error={errors.name}
          required
          autoFocus
        />
        <TextInput
          id="size-name2"
          label="Second-language name"
          value={form.name_2nd}
          onChange={(name_2nd) => setForm({ ...form, name_2nd })}
          error={errors.name_2nd}
        />
        <TextInput
          id="size-price"
          label="Size price"
          value={form.price}
          onChange={(price) => setForm({ ...form, price })}
          error={errors.price}
          hint={PRICE_HINT}
          inputMode="decimal"
          required
        />
        <Actions busy={busy} onClose={onClose} label="Add size" />
      </form>
    </DashboardDialog>
  );
}

export function OptionAddModal({
  onSubmit,
  onClose,
}: {
  onSubmit: Submit<OptionAddBody>;
  onClose: () => void;
}) {
  const [form, setForm] = useState({
    name: '',
    name_2nd: '',
    numberToSelect: '',
    minNumberToSelect: '',
    maxNumberToSelect: '',
    required: false,
  });
  const { errors, busy, run } = useSubmit(onSubmit);
  return (
    <DashboardDialog title="Add option" onClose={onClose} dismissable={!busy}>
      <form
        className="menu-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(form, optionAddBody.safeParse(form));
        }}
      >
        <TextInput
          id="option-name"
          label="Option name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          error={errors.name}
          hint="What the diner chooses, e.g. Spice level."
          required
          autoFocus
        />
        <TextInput
          id="option-name2"
          label="Second-language name"
          value={form.name_2nd}
          onChange={(name_2nd) => setForm({ ...form, name_2nd })}
          error={errors.name_2nd}
        />
        <div className="menu-form__row">
          <TextInput
            id="option-number"
            label="Number to select"
            value={form.numberToSelect}
            onChange={(numberToSelect) => setForm({ ...form, numberToSelect })}
            error={errors.numberToSelect}
            hint="0 or empty: any number."
            inputMode="numeric"
          />
          <TextInput
            id="option-min"
            label="Minimum"
            value={form.minNumberToSelect}
            onChange={(minNumberToSelect) => setForm({ ...form, minNumberToSelect })}
            error={errors.minNumberToSelect}
            hint={COUNT_HINT}
            inputMode="numeric"
          />
          <TextInput
            id="option-max"
            label="Maximum"
            value={form.maxNumberToSelect}
            onChange={(maxNumberToSelect) => setForm({ ...form, maxNumberToSelect })}
            error={errors.maxNumberToSelect}
            hint={COUNT_HINT}
            inputMode="numeric"
          />
        </div>
        <CheckField
          id="option-required"
          label="Required: the diner must choose"
          checked={form.required}
          onChange={(required) => setForm({ ...form, required })}
        />
        <Actions busy={busy} onClose={onClose} label="Add option" />
      </form>
    </DashboardDialog>
  );
}

export function OptionValueAddModal({
  optionName,
  onSubmit,
  onClose,
}: {
  optionName: string;
  onSubmit: Submit<OptionValueAddBody>;
  onClose: () => void;
}) {
  const [form, setForm] = useState({ name: '', name_2nd: '', price: '' });
  const { errors, busy, run } = useSubmit(onSubmit);
  return (
    <DashboardDialog title={`Add value to ${optionName}`} onClose={onClose} dismissable={!busy}>
      <form
        className="menu-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(form, optionValueAddBody.safeParse(form));
        }}
      >
        <TextInput
          id="value-name"
          label="Value name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          error={errors.name}
          required
          autoFocus
        />
        <TextInput
          id="value-name2"
          label="Second-language name"
          value={form.name_2nd}
          onChange={(name_2nd) => setForm({ ...form, name_2nd })}
          error={errors.name_2nd}
        />
        <TextInput
          id="value-price"
          label="Extra price"
          value={form.price}
          onChange={(price) => setForm({ ...form, price })}
          error={errors.price}
          hint={`${PRICE_HINT} Empty: no extra charge.`}
          inputMode="decimal"
        />
        <Actions busy={busy} onClose={onClose} label="Add value" />
      </form>
    </DashboardDialog>
  );
}
