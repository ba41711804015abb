// Dine-in tables (spec §2 Store "table QR codes for dine-in"): the table names, each with its QR
// code modal (the store's dine-in link for that table, and a PDF to print). Names are edited as a
// list; "#" is dropped and each name must be unique (the contract's rules).
import { useState } from 'react';
import { TextInput } from '../../components/fields.js';
import { useSaveSettings, type MerchantSettings } from '../queries.js';
import { SettingsSection } from '../SettingsSection.js';
import { TableQrModal } from '../TableQrModal.js';
import { checkedSave } from './save.js';

export function TablesSection({ settings }: { settings: MerchantSettings }) {
  const save = useSaveSettings(settings.merchantId);
  const [qrFor, setQrFor] = useState<string | null>(null);
  return (
    <>
      <SettingsSection<string[]>
        title="Dine-in tables"
        failure="storeSetting"
        initial={() => [...settings.dineinTables]}
        save={(tables) =>
          checkedSave({ dineinTables: tables.map((t) => t.trim()) }, save.mutateAsync)
        }
        read={
          settings.dineinTables.length === 0 ? (
            <p className="muted">No tables yet.</p>
          ) : (
            <ul className="store-tables">
              {settings.dineinTables.map((t) => (
                <li key={t}>
                  <span className="store-tables__name">{t}</span>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setQrFor(t)}
                    aria-label={`QR code for table ${t}`}
                  >
                    QR code
                  </button>
                </li>
              ))}
            </ul>
          )
        }
        edit={({ draft, setDraft, errors, idBase }) => (
          <div className="store-form__stack">
            {draft.map((t, i) => (
              <div key={i} className="store-tables__edit">
                <TextInput
                  id={`${idBase}-table-${i}`}
                  label={`Table ${i + 1}`}
                  value={t}
                  onChange={(v) => setDraft(draft.map((x, j) => (j === i ? v : x)))}
                  error={errors[`dineinTables.${i}`]}
                />
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setDraft(draft.filter((_, j) => j !== i))}
                  aria-label={`Remove table ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => setDraft([...draft, ''])}
            >
              Add table
            </button>
            {errors.dineinTables ? <p className="form-error">{errors.dineinTables}</p> : null}
          </div>
        )}
      />
      {qrFor !== null ? (
        <TableQrModal
          merchantId={settings.merchantId}
          storeName={settings.name}
          table={qrFor}
          onClose={() => setQrFor(null)}
        />
      ) : null}
    </>
  );
}
