// Category availability hours and category promotions (spec §2 Store; saved per category at
// PUT .../categories7/.../_id/{id}, a promotion removed at DELETE .../promoMethod/{id}). The edit
// view works on one category at a time, chosen at its top: each save is one category's record.
import type { CategoryView } from '../../../../contract/menu.js';
import { categoryPromoFormSchema } from '../../../../domain/merchant-rules/store.js';
import { promoDisplayText } from '../../../../domain/format/promo.js';
import { formatMoney } from '../../../../domain/format/money.js';
import {
  PROMO_TYPES,
  type PromoType,
  type WeeklyHours,
} from '../../../../domain/settings/schemas.js';
import { CheckField, TextInput } from '../../components/fields.js';
import { HoursEditor } from '../HoursEditor.js';
import { useMenuCategories, useSaveCategory } from '../queries.js';
import { errorsFrom, SettingsSection } from '../SettingsSection.js';
import { periodText } from '../HoursEditor.js';
import { WEEKDAYS } from '../../../../domain/settings/schemas.js';

const PROMO_LABELS: Record<PromoType, string> = {
  BUY_X_GET_Y_FREE: 'Buy X, get Y free',
  MEET_X_MINUS_Y: 'Spend $X, get $Y off',
  MEET_X_PERCENT_OFF: 'Spend $X, get Y% off',
};

function hoursSummary(hours: WeeklyHours | null): string {
  if (!hours) return 'Whenever the store is open';
  return WEEKDAYS.map((d) => {
    const periods = hours[d] ?? [];
    return `${d.slice(0, 3)} ${periods.length ? periods.map(periodText).join(', ') : 'closed'}`;
  }).join('; ');
}

function CategoryPicker({
  id,
  categories,
  value,
  onChange,
}: {
  id: string;
  categories: CategoryView[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div className="dash-field menu-field">
      <label htmlFor={id}>Category</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {categories.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each category with what the section says of it. */
function CategoryFacts({
  loading,
  categories,
  describe,
}: {
  loading: boolean;
  categories: CategoryView[];
  describe: (c: CategoryView) => string;
}) {
  if (loading) return <p className="muted">Loading…</p>;
  if (categories.length === 0) return <p className="muted">No categories yet.</p>;
  return (
    <dl className="store-facts store-facts--wide">
      {categories.map((c) => (
        <div key={c._id} className="store-facts__row">
          <dt>{c.name}</dt>
          <dd>{describe(c)}</dd>
        </div>
      ))}
    </dl>
  );
}

function useCategories(merchantId: string) {
  const query = useMenuCategories(merchantId);
  return { categories: query.data ?? [], loading: query.isPending };
}

export function CategoryHoursSection({ merchantId }: { merchantId: string }) {
  const { categories, loading } = useCategories(merchantId);
  const save = useSaveCategory(merchantId);
  const draftOf = (c: CategoryView | undefined) => ({
    id: c?._id ?? '',
    limited: !!c?.availableHour,
    hours: c?.availableHour ?? {},
  });
  return (
    <SettingsSection
      title="Category hours"
      failure="categoryHours"
      editable={categories.length > 0}
      initial={() => draftOf(categories[0])}
      save={async (d) => {
        await save.mutateAsync({
          id: d.id,
          body: { availableHour: d.limited ? d.hours : null },
        });
        return null;
      }}
      read={
        <CategoryFacts
          loading={loading}
          categories={categories}
          describe={(c) => hoursSummary(c.availableHour)}
        />
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          <CategoryPicker
            id={`${idBase}-category`}
            categories={categories}
            value={draft.id}
            onChange={(id) => setDraft(draftOf(categories.find((c) => c._id === id)))}
          />
          <CheckField
            id={`${idBase}-limited`}
            label="Available only at these hours"
            checked={draft.limited}
            onChange={(limited) => setDraft({ ...draft, limited })}
          />
          {draft.limited ? (
            <HoursEditor
              value={draft.hours}
              onChange={(hours) => setDraft({ ...draft, hours })}
              errors={errors}
              idBase={idBase}
              errorPrefix="availableHour."
            />
          ) : null}
        </div>
      )}
    />
  );
}

interface PromoDraft {
  id: string;
  on: boolean;
  name: string;
  type: string;
  x: string;
  y: string;
}

/** X and Y as the merchant typed them: counts, dollars or a percent by type. */
function promoDraftOf(c: CategoryView | undefined): PromoDraft {
  const p = c?.promoMethod;
  if (!p) return { id: c?._id ?? '', on: false, name: '', type: '', x: '', y: '' };
  const money = (cents: number) => formatMoney(cents);
  return {
    id: c._id,
    on: true,
    name: p.name,
    type: p.type,
    x: p.type === 'BUY_X_GET_Y_FREE' ? String(p.x) : money(p.x),
    y: p.type === 'MEET_X_MINUS_Y' ? money(p.y) : String(p.y),
  };
}

export function CategoryPromoSection({ merchantId }: { merchantId: string }) {
  const { categories, loading } = useCategories(merchantId);
  const save = useSaveCategory(merchantId);
  return (
    <SettingsSection
      title="Category promotions"
      failure="categoryPromo"
      editable={categories.length > 0}
      initial={() => promoDraftOf(categories[0])}
      save={async (d) => {
        if (!d.on) {
          const had = categories.find((c) => c._id === d.id)?.promoMethod;
          if (had) await save.mutateAsync({ id: d.id, body: { promoMethod: null } });
          return null;
        }
        const form = { name: d.name, type: d.type, x: d.x, y: d.y };
        const checked = categoryPromoFormSchema.safeParse(form);
        if (!checked.success) return errorsFrom(checked.error.issues);
        await save.mutateAsync({ id: d.id, body: { promoMethod: form } });
        return null;
      }}
      read={
        <CategoryFacts
          loading={loading}
          categories={categories}
          describe={(c) =>
            c.promoMethod
              ? `${c.promoMethod.name}: ${promoDisplayText(c.promoMethod)}`
              : 'No promotion'
          }
        />
      }
      edit={({ draft, setDraft, errors, idBase }) => (
        <div className="store-form__stack">
          <CategoryPicker
            id={`${idBase}-category`}
            categories={categories}
            value={draft.id}
            onChange={(id) => setDraft(promoDraftOf(categories.find((c) => c._id === id)))}
          />
          <CheckField
            id={`${idBase}-on`}
            label="This category has a promotion"
            checked={draft.on}
            onChange={(on) => setDraft({ ...draft, on })}
          />
          {draft.on ? (
            <div className="store-form__grid">
              <TextInput
                id={`${idBase}-name`}
                label="Name"
                value={draft.name}
                onChange={(name) => setDraft({ ...draft, name })}
                error={errors['promoMethod.name'] ?? errors.name}
              />
              <div className="dash-field menu-field">
                <label htmlFor={`${idBase}-type`}>Type</label>
                <select
                  id={`${idBase}-type`}
                  value={draft.type}
                  aria-invalid={errors.type ? true : undefined}
                  onChange={(e) => setDraft({ ...draft, type: e.target.value })}
                >
                  <option value="">Choose a type</option>
                  {PROMO_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {PROMO_LABELS[t]}
                    </option>
                  ))}
                </select>
                {errors.type ? <p className="form-error menu-field__error">{errors.type}</p> : null}
              </div>
              <TextInput
                id={`${idBase}-x`}
                label="X"
                value={draft.x}
                inputMode="decimal"
                onChange={(x) => setDraft({ ...draft, x })}
                error={errors['promoMethod.x'] ?? errors.x}
              />
              <TextInput
                id={`${idBase}-y`}
                label="Y"
                value={draft.y}
                inputMode="decimal"
                onChange={(y) => setDraft({ ...draft, y })}
                error={errors['promoMethod.y'] ?? errors.y}
              />
            </div>
          ) : null}
        </div>
      )}
    />
  );
}
